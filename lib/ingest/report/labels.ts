/**
 * Row labels → ontology metrics. Labels are cleaned (enumerations "I.", "(a)", "a)", formula
 * references "(I+II)", note references, footnote markers, "/ (Loss)") and matched whole against the
 * report labels below, then against the ontology's synonyms. A label that matches nothing, or only in
 * the wrong place (current borrowings are not long-term debt), maps to no metric: its cells are
 * quarantined as METRIC_UNMAPPED, never guessed.
 */
import { getMetric, METRICS, type MetricDef } from '@/lib/ontology/metrics';

/** Label as shown, without enumeration, note references and footnote markers. */
export function cleanLabel(label: string): string {
  let s = label.replace(/[\u00a0\u2009\u202f]/g, ' ').replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 3; i++) {
    const before = s;
    s = s
      .replace(/^(?:[IVXL]{1,5}|[A-H]|\d{1,2})[.)]\s+/, '')
      .replace(/^\((?:[a-z]|[ivx]{1,5}|\d{1,2}|[A-H])\)\s*/i, '')
      .replace(/^(?:[a-z]|[ivx]{1,5})\)\s*/i, '')
      .replace(/^[A-H]\s+(?=\()/, '')
      .replace(/^[-–•·]\s*/, '')
      .trim();
    if (s === before) break;
  }
  s = s
    .replace(/\s*\((?:comprising|including|net of|refer|see)\b[^()]*(?:\([^()]*\)[^()]*)*\)\s*$/i, '')
    .replace(/\s*\((?:comprising|including)\b[^)]*$/i, '')
    .replace(/\s*\((?:[IVX]+\s*[+\-–]\s*)+[IVX]+\)(?=\s)/g, '')
    .replace(/\s*\((?:refer\s+)?notes?\s*(?:no\.?\s*)?[\w.,&\s-]{0,40}\)\s*$/i, '')
    .replace(/\s*\((?:[IVX]+\s*[+\-–]\s*)+[IVX]+\)\s*$/, '')
    .replace(/\s*\((?:[IVX]+)\)\s*$/, '')
    .replace(/\s*\((?:[A-H]|\d{1,2})(?:\s*[+\-–]\s*(?:[A-H]|\d{1,2}))*\)\s*$/, '')
    .replace(/\s*(?:[*†‡§#^¹²³⁴⁵⁶⁷⁸⁹⁰]+|\(\d{1,2}\)|\[\d{1,2}\])$/, '')
    .replace(/\s*:\s*$/, '')
    .trim();
  return s;
}

/** Lower-case comparable form of a label: "Profit / (Loss) before Tax (V+VI)" → "profit before tax". */
export function normalizeLabel(label: string): string {
  return cleanLabel(label)
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/\s*\/\s*\((?:loss|profit|income|deficit)\)/g, '')
    .replace(/\s*\/\s*\(used in\)/g, '')
    .replace(/\(used in\)\s*\/\s*/g, '')
    .replace(/\((?:loss|profit)\)\s*\/\s*/g, '')
    .replace(/\s*\((?:net|gross)\)$/g, '')
    .replace(/\((?:in\s+)?(?:₹|\$|rs\.?|inr|usd|[jh])\)/g, '')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/'s\b/g, 's')
    .replace(/'/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

interface LabelRule {
  metric: string;
  patterns: RegExp[];
  /** the row's section path (lower case, joined by " > ") must pass this */
  where?: (path: string) => boolean;
}

const notNonCurrent = (p: string) => !/non current|noncurrent|long term/.test(p);
const nonCurrent = (p: string) => /non current|noncurrent|long term/.test(p);
const underEps = (p: string) => /earnings per|\beps\b|per equity share|per share/.test(p);

/** Report labels per metric (whole-label regular expressions on the normalized label). */
const RULES: LabelRule[] = [
  { metric: 'revenue', patterns: [/^(?:total )?revenues? from operations$/, /^(?:total )?(?:net )?revenues?$/, /^(?:total )?net sales$/, /^(?:total )?net revenues?$/, /^revenue from contracts with customers$/, /^sales and other operating revenues$/] },
  { metric: 'total_income', patterns: [/^total income$/, /^total revenue and other income$/] },
  { metric: 'cost_of_revenue', patterns: [/^cost of (?:materials? consumed|revenues?|sales|goods sold|products sold)$/, /^total cost of (?:revenues?|sales)$/] },
  { metric: 'gross_profit', patterns: [/^gross (?:profit|margin)$/] },
  { metric: 'rnd', patterns: [/^research and development(?: expenses?| costs?)?$/] },
  { metric: 'sga', patterns: [/^selling general and administrative(?: expenses?)?$/] },
  { metric: 'operating_income', patterns: [/^operating (?:profit|income|income loss|loss)$/, /^(?:income|profit) from operations$/, /^operating (?:profit|income) ebit$/] },
  {
    metric: 'profit_before_tax',
    patterns: [/^profit before (?:income )?tax(?:es|ation)?$/, /^(?:income|earnings|profit) before (?:provision for )?income tax(?:es)?$/, /^profit before tax for the (?:year|period)$/],
  },
  {
    metric: 'net_income',
    patterns: [/^(?:net )?profit (?:after tax )?for the (?:year|period|quarter)$/, /^net (?:income|earnings|profit)$/, /^net income loss$/, /^profit after tax(?: for the (?:year|period))?$/, /^net profit after tax$/],
  },
  { metric: 'eps_basic', patterns: [/^basic$/, /^basic (?:earnings per (?:equity )?share|eps)$/], where: underEps },
  { metric: 'eps_basic', patterns: [/^basic (?:earnings per (?:equity |common )?share|eps)$/, /^earnings per share basic$/] },
  { metric: 'eps_diluted', patterns: [/^diluted$/, /^diluted (?:earnings per (?:equity )?share|eps)$/], where: underEps },
  { metric: 'eps_diluted', patterns: [/^diluted (?:earnings per (?:equity |common )?share|eps)$/, /^earnings per share diluted$/] },
  { metric: 'total_assets', patterns: [/^total assets$/] },
  { metric: 'total_liabilities', patterns: [/^total liabilities$/] },
  { metric: 'total_equity', patterns: [/^total equity$/, /^total (?:shareholders|stockholders) equity$/] },
  { metric: 'cash', patterns: [/^cash and cash equivalents$/], where: (p) => !/cash flow|operating|investing|financing/.test(p) },
  { metric: 'long_term_debt', patterns: [/^borrowings$/], where: nonCurrent },
  { metric: 'long_term_debt', patterns: [/^long term (?:debt|borrowings)$/, /^non current borrowings$/] },
  { metric: 'inventories', patterns: [/^inventories$/, /^merchandise inventories$/], where: notNonCurrent },
  { metric: 'receivables', patterns: [/^trade receivables$/, /^accounts receivable(?: net)?$/], where: notNonCurrent },
  // "provided by (used in)", "(used in) provided by", "generated from/(used in)": any order of the two directions
  { metric: 'operating_cash_flow', patterns: [/^net cash (?:flows? )?(?:(?:from|generated(?: from)?|provided(?: by)?|used(?: in)?|by)\s+){1,4}operating activities(?: a)?$/] },
  {
    metric: 'capex',
    patterns: [/^(?:purchases?|acquisitions?|payments?) (?:of|for) property plant and equipment(?: including cwip)?(?: and (?:other )?intangible assets)?$/, /^purchases? of property and equipment$/, /^capital expenditures?$/],
  },
  { metric: 'other_income', patterns: [/^other income(?: net)?$/] },
  { metric: 'finance_costs', patterns: [/^finance costs?$/, /^interest expense(?: net)?$/] },
  { metric: 'depreciation', patterns: [/^depreciation(?: and)? amorti[sz]ation(?: and impairment)?(?: expenses?)?(?: on)?$/] },
  { metric: 'employee_benefits', patterns: [/^employee benefits? expenses?$/] },
  { metric: 'other_expenses', patterns: [/^other expenses$/] },
  { metric: 'total_expenses', patterns: [/^total expenses$/] },
  { metric: 'tax_expense', patterns: [/^(?:total )?tax expenses?$/, /^provision for income taxes$/, /^income tax expense$/] },
  { metric: 'total_comprehensive_income', patterns: [/^total comprehensive income(?: for the (?:year|period))?$/] },
];

/** Ontology synonyms too generic to bind a row on their own ("assets", "cash", "debt", "sales"). */
const GENERIC_SYNONYMS = new Set(['assets', 'liabilities', 'cash', 'debt', 'sales', 'revenue', 'revenues', 'borrowings', 'inventory', 'receivables', 'top line', 'bottom line', 'book value', 'ebit', 'pat', 'pbt', 'cogs', 'cfo', 'capex', 'sga', 'share count']);

let synonymIndex: Map<string, string> | null = null;
function synonyms(): Map<string, string> {
  if (synonymIndex) return synonymIndex;
  synonymIndex = new Map();
  for (const m of METRICS) {
    for (const s of [m.label, ...m.synonyms]) {
      const n = normalizeLabel(s);
      if (!GENERIC_SYNONYMS.has(n) && !synonymIndex.has(n)) synonymIndex.set(n, m.id);
    }
  }
  return synonymIndex;
}

export interface MetricMatch {
  metric: MetricDef;
  /** 2 = a report label rule, 1 = an ontology synonym */
  strength: 1 | 2;
}

/** The metric a row label names in its section path, or null. */
export function metricForLabel(label: string, sectionPath: string[] = []): MetricMatch | null {
  const n = normalizeLabel(label);
  if (!n) return null;
  const path = sectionPath.map(normalizeLabel).join(' > ');
  for (const r of RULES) {
    if (r.patterns.some((p) => p.test(n)) && (!r.where || r.where(path))) {
      const metric = getMetric(r.metric);
      if (metric) return { metric, strength: 2 };
    }
  }
  // context-bound rules that failed their context do not fall back to synonyms
  if (RULES.some((r) => r.where && r.patterns.some((p) => p.test(n)))) return null;
  const id = synonyms().get(n);
  const metric = id ? getMetric(id) : undefined;
  return metric ? { metric, strength: 1 } : null;
}

/** Concept a report-derived fact of this metric gets: the Ind AS concept for Ind AS reporters, else `report:<metric>`. */
export function conceptFor(metric: MetricDef, standard: string): string {
  if (standard === 'ind-as') {
    const c = metric.concepts.find((x) => x.startsWith('ind-as:'));
    if (c) return c;
  }
  return `report:${metric.id}`;
}

/** Concept of an unmapped row: section and label, slugged (`report:row/expenses/excise-duty`). */
export function unmappedConcept(label: string, sectionPath: string[], column: string | null = null): string {
  const slug = (s: string) => normalizeLabel(s).replace(/\s+/g, '-').slice(0, 60);
  const parts = [...sectionPath.slice(-2).map(slug), slug(label) || 'unlabelled', ...(column ? [slug(column)] : [])].filter(Boolean);
  return `report:row/${parts.join('/')}`;
}
