/**
 * Dimension members as a question may name them: labels from the filing (the row label of the
 * table cell a fact sits in) and from the member's QName (camel case split: `aapl:IPhoneMember` →
 * "iPhone"-comparable "I Phone", `nvda:ComputeAndNetworkingSegmentMember` → "Compute And
 * Networking"), and which extra axes leave a member's figure its own total.
 */
import { METRICS } from './metrics';
import { FORMULAS } from './formulas';

/** "ComputeAndNetworkingSegmentMember" → "Compute And Networking"; "country:US" → "US". */
export function memberLabelFromQName(qname: string): string {
  const local = qname.includes(':') ? qname.slice(qname.indexOf(':') + 1) : qname;
  const core = local.replace(/(?:Segment)?Member$/, '').replace(/(?:Revenue|Revenues)$/, '') || local;
  return core
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim();
}

const GENERIC = new Set<string>();
for (const m of METRICS) for (const p of [m.label, ...m.synonyms, ...(m.aliases ?? [])]) GENERIC.add(simplify(p));
for (const f of FORMULAS) for (const p of [f.label, ...f.synonyms]) GENERIC.add(simplify(p));
for (const w of ['total', 'other', 'others', 'segment', 'segments', 'net', 'subtotal', 'all other']) GENERIC.add(w);

function simplify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Member labels a table row gives a fact: footnote markers dropped, the measure part of "Net sales:
 * Services" dropped, "Google Services total" → "Google Services"; a row that only names a measure
 * ("Net sales", "Revenue") gives none. Comma lists give their first item too ("Wearables, Home and
 * Accessories" → also "Wearables"), and a name with a parenthesis after it its name alone.
 */
export function memberLabelsFromRow(rowLabel: string | null | undefined): string[] {
  if (!rowLabel) return [];
  let s = rowLabel
    .replace(/\s*(?:\(\d{1,2}\)|\[\d{1,2}\]|[*†‡§]+)\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.includes(':')) s = s.slice(s.lastIndexOf(':') + 1).trim();
  s = s
    .replace(/^total\s+/i, '')
    .replace(/\s+total$/i, '')
    .trim();
  if (!s || s.length < 2 || GENERIC.has(simplify(s)) || /^\d/.test(s)) return [];
  const out = [s];
  const first = s.split(',')[0]!.trim();
  if (first !== s && first.length >= 4 && !GENERIC.has(simplify(first))) out.push(first);
  // a parenthesis after the name says what it holds ("China (including Hong Kong)"): the name alone names it too
  const named = /^(.*\S)\s*\([^()]*\)$/.exec(s)?.[1];
  if (named && named.length >= 2 && !GENERIC.has(simplify(named)) && !out.includes(named)) out.push(named);
  return out;
}

/** Axes whose member does not narrow a figure: the operating-segments consolidation item. */
export function isNeutralDimension(axis: string, member: string): boolean {
  return /:ConsolidationItemsAxis$/.test(axis) && /:(?:OperatingSegmentsMember|SegmentReportingSegmentMember)$/.test(member);
}

/** Axes a segment's figures are cut by: products and services, subsegments, places, customers and sales channels (us-gaap's ContractWithCustomerSalesChannelAxis too). */
const CUTS_OF_A_SEGMENT = /:(?:ProductOrServiceAxis|SubsegmentsAxis|StatementGeographicalAxis|MajorCustomersAxis|\w*SalesChannelAxis)$/;

/**
 * The member that distinguishes a dimension set (the one a question names), or null when the set
 * narrows along two axes that cannot be told apart. A member carried with its own segment (a product,
 * subsegment, place or sales channel within it) is that member's figure within the segment.
 */
export function distinguishingMember(dims: Record<string, string>): { axis: string; member: string } | null {
  const entries = Object.entries(dims).filter(([a, m]) => !isNeutralDimension(a, m));
  if (entries.length === 1) return { axis: entries[0]![0], member: entries[0]![1] };
  if (entries.length === 2) {
    // a product, subsegment, place or sales channel within its segment (Alphabet's Google advertising within
    // Google Services, Nike's Greater China within the NIKE Brand, Walmart's Canada and eCommerce within a
    // segment): the member the segment is cut by
    const segment = entries.findIndex(([a]) => /:StatementBusinessSegmentsAxis$/.test(a));
    const other = entries[1 - segment];
    if (segment >= 0 && other && CUTS_OF_A_SEGMENT.test(other[0])) return { axis: other[0], member: other[1] };
  }
  return null;
}

/** A dimension set without its neutral members: what a member filter compares. */
export function withoutNeutral(dims: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(dims).filter(([a, m]) => !isNeutralDimension(a, m)));
}
