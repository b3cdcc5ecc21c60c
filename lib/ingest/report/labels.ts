/**
 * Row labels → ontology metrics. Labels are cleaned (enumerations "I.", "(a)", "a)", formula
 * references "(I+II)", note references, footnote markers, "/ (Loss)") and matched whole against the
 * report labels below, then against the ontology's synonyms. A label that matches nothing, or only in
 * the wrong place (current borrowings are not long-term debt), maps to no metric: its cells are
 * quarantined as METRIC_UNMAPPED, never guessed.
 */
import { singularForms } from '@/lib/ontology/inflect';
import { getMetric, METRICS, type MetricDef } from '@/lib/ontology/metrics';

/** Label as shown, without enumeration, note references and footnote markers. */
export function cleanLabel(label: string): string {
  let s = label
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
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
  return (
    cleanLabel(label)
      .toLowerCase()
      // "Accounts receivable — net of allowances of $174 and $189": the allowance's amounts are not part of the caption
      .replace(/[\s,—–-]*\b(?:net of|less) (?:an )?allowances?\b.*$/, ' net')
      // "Long-term debt (includes debt issued by consolidated variable interest entities: 2022, $12,662; 2021, $13,803)":
      // the amounts of a part it includes are not part of the caption
      .replace(/\s*\((?:includes?|including)\b[^()]*\d[^()]*\)\s*$/, '')
      // "Purchase of premises and equipment, net of sales: 2022, $1; 2021, $88; 2020, $1": the years' amounts too
      .replace(/\s*:\s*(?:(?:19|20)\d{2}\s*,\s*\$?\s*[\d,.]+\s*(?:;|and)?\s*)+$/, '')
      .replace(/[’‘`]/g, "'")
      .replace(/&/g, ' and ')
      .replace(/\s*\/\s*\((?:loss|profit|income|deficit)\)/g, '')
      .replace(/\s*\/\s*\(used in\)/g, '')
      .replace(/\(used in\)\s*\/\s*/g, '')
      .replace(/\((?:loss|profit)\)\s*\/\s*/g, '')
      .replace(/\s*\((?:net|gross)\)$/g, '')
      // "Total stockholders' equity (deficit)", "Retained earnings (accumulated deficit)": the caption of either sign
      .replace(/\s*\((?:deficit|deficiency|accumulated deficit)\)/g, '')
      .replace(/\((?:in\s+)?(?:₹|\$|rs\.?|inr|usd|[jh])\)/g, '')
      // "Total assets (billions)": the row's scale, printed after its caption, is no part of it
      .replace(/\s*\((?:in\s+)?(?:\$\s*|usd\s+)?(?:billions|millions|thousands)\)$/g, '')
      .replace(/[^a-z0-9' ]+/g, ' ')
      .replace(/'s\b/g, 's')
      .replace(/'/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * A tax caption that names both signs ("Income tax (expense)/benefit", "(Provision)/benefit for income taxes",
 * "Benefit (provision) for income taxes"): normalized, either order reads alike, so only the column's arithmetic says
 * which sign the printed amount has.
 */
export const TWO_SIDED_TAX =
  /^(?:income tax(?:es)? (?:expense benefit|benefit expense|provision benefit|benefit provision)|(?:provision benefit|benefit provision|expense benefit|benefit expense) (?:for|from) income tax(?:es)?)$/;

/** Whether a row's caption is a two-sided tax caption (its sign only from the column's arithmetic). */
export function twoSidedTax(label: string): boolean {
  return TWO_SIDED_TAX.test(normalizeLabel(label));
}

interface LabelRule {
  metric: string;
  patterns: RegExp[];
  /** the row's section path (lower case, joined by " > ") must pass this */
  where?: (path: string) => boolean;
  /** only in these statements (a caption that is unambiguous only there: "Income taxes" on the income statement) */
  kinds?: string[];
  /** the row is the parent's share of a line that also has a noncontrolling-interest-inclusive total */
  parent?: true;
}

/** The registrant, as a row label names it, is replaced by this placeholder ("Net income attributable to PepsiCo"). */
const COMPANY = 'the company';
const HOLDERS = '(?:common )?(?:share|stock)holders|shareowners|common shareowners';
/** "attributable to <the registrant> [shareholders]", "… to common stockholders", "… to the parent" */
const TO_PARENT = `attributable to (?:${COMPANY}(?: ${HOLDERS})?|${HOLDERS}|(?:the )?parent(?: company)?|owners of the parent|equity holders of the parent)`;
const NCI = '(?:redeemable (?:and )?)?(?:non ?controlling|minority) interests?';
const NET_RESULT = '(?:consolidated )?net (?:income|earnings|loss|profit)(?: loss| income)?';

const notNonCurrent = (p: string) => !/non current|noncurrent|long term/.test(p);
const nonCurrent = (p: string) => /non current|noncurrent|long term/.test(p);
/** A section counting shares ("Shares used in computing earnings per share:", "Weighted-average shares outstanding"): its "Basic" and "Diluted" are share counts. */
const underShares = (p: string) =>
  /^(?:(?:weighted )?average )?(?:number of )?(?:common |ordinary |equity )?shares (?:used|outstanding)\b|^(?:weighted )?average (?:number of )?(?:common |ordinary |equity )?shares\b/.test(
    p.split(' > ').pop() ?? p,
  );
const underEps = (p: string) => !underShares(p) && /earnings per|\beps\b|per equity share|per (?:common |ordinary )?share/.test(p);
const currentAssets = (p: string) => /\bcurrent assets\b/.test(p) && !/non current|noncurrent|long term/.test(p);
const liabilities = (p: string) => /liabilit/.test(p);

/** Report labels per metric (whole-label regular expressions on the normalized label). */
const RULES: LabelRule[] = [
  {
    metric: 'revenue',
    patterns: [
      /^(?:total )?revenues? from operations$/,
      /^(?:total )?(?:net )?revenues?$/,
      /^(?:total )?net sales$/,
      /^(?:total )?net revenues?$/,
      /^revenue from contracts with customers$/,
      /^sales and other operating revenues$/,
    ],
  },
  { metric: 'total_income', patterns: [/^total income$/, /^total revenue and other income$/] },
  {
    metric: 'cost_of_revenue',
    patterns: [/^cost of (?:materials? consumed|revenues?|sales|goods sold|products sold)$/, /^total cost of (?:revenues?|sales)$/],
  },
  { metric: 'gross_profit', patterns: [/^(?:total )?gross (?:profit|margin)$/] },
  { metric: 'rnd', patterns: [/^research(?: and)? development(?: and related)?(?: expenses?| costs?)?(?: net)?$/] },
  { metric: 'general_admin', patterns: [/^general and administrative(?: expenses?)?$/] },
  { metric: 'sga', patterns: [/^selling general and administrative(?: expenses?)?$/] },
  {
    metric: 'operating_income',
    patterns: [
      /^operating (?:profit|income|income loss|loss)$/,
      /^(?:income|profit|loss|income loss|loss income) from operations$/,
      /^operating (?:profit|income) ebit$/,
    ],
  },
  {
    metric: 'profit_before_tax',
    patterns: [
      /^profit before (?:income )?tax(?:es|ation)?$/,
      /^(?:income|earnings|profit|loss|income loss|loss income|earnings loss) before (?:provision for )?income tax(?:es| expense)?$/,
      /^profit before tax for the (?:year|period)$/,
    ],
  },
  // the parent's share first: "Net earnings attributable to General Mills", "Net loss attributable to Boeing Shareholders"
  { metric: 'net_income', parent: true, patterns: [new RegExp(`^${NET_RESULT} ${TO_PARENT}$`)] },
  {
    metric: 'net_income_including_nci',
    patterns: [new RegExp(`^${NET_RESULT} including (?:(?:net )?(?:income|earnings|loss) attributable to )?${NCI}$`)],
  },
  {
    metric: 'net_income',
    patterns: [
      /^(?:net )?profit (?:after tax )?for the (?:year|period|quarter)$/,
      /^net (?:income|earnings|profit)$/,
      /^net income loss$/,
      /^profit after tax(?: for the (?:year|period))?$/,
      /^net profit after tax$/,
    ],
  },
  // "Earnings per share attributable to 3M common shareholders — basic", "Basic loss per share", "Diluted net income per share"
  {
    metric: 'eps_basic',
    patterns: [
      new RegExp(`^(?:net )?(?:earnings|income|loss|earnings loss|income loss) per (?:common )?share ${TO_PARENT} basic$`),
      /^basic (?:net )?(?:earnings|income|loss|earnings loss|income loss) per (?:common )?share$/,
    ],
  },
  {
    metric: 'eps_diluted',
    patterns: [
      new RegExp(`^(?:net )?(?:earnings|income|loss|earnings loss|income loss) per (?:common )?share ${TO_PARENT} diluted$`),
      /^diluted (?:net )?(?:earnings|income|loss|earnings loss|income loss) per (?:common )?share$/,
    ],
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
  {
    metric: 'long_term_debt',
    patterns: [
      /^long term (?:debt|borrowings)$/,
      /^non current borrowings$/,
      /^long term debt (?:less|excluding|net of) current (?:portion|maturities)$/,
    ],
  },
  // a balance sheet's "Long-Term Debt Obligations" (not a contractual-obligations table's line)
  { metric: 'long_term_debt', patterns: [/^long term debt obligations$/], where: liabilities, kinds: ['balance_sheet'] },
  { metric: 'inventories', patterns: [/^(?:total )?inventories$/, /^merchandise inventories$/], where: notNonCurrent },
  {
    metric: 'receivables',
    patterns: [/^trade receivables(?: net)?$/, /^accounts receivable(?: net)?$/, /^accounts and notes receivable(?: net)?$/],
    where: notNonCurrent,
  },
  // "Receivables" alone names the balance only among a balance sheet's current assets
  { metric: 'receivables', patterns: [/^receivables(?: net)?$/], where: currentAssets, kinds: ['balance_sheet'] },
  {
    metric: 'ppe_net',
    patterns: [/^net property(?: plant)? and equipment$/, /^property(?: plant)? and equipment net$/],
    kinds: ['balance_sheet'],
  },
  {
    metric: 'retained_earnings',
    patterns: [/^retained earnings(?: accumulated deficit| deficit)?$/, /^accumulated deficit retained earnings$/],
    kinds: ['balance_sheet'],
  },
  // "provided by (used in)", "(used in) provided by", "generated from/(used in)": any order of the two directions
  // "Net cash from operations" (Microsoft), "Cash provided (used) by operations" (Nike)
  {
    metric: 'operating_cash_flow',
    patterns: [/^(?:net )?cash (?:(?:provided|used|generated|from|by|in)\s+){1,4}operations$/],
    kinds: ['cash_flow'],
  },
  // "Net cash used in financing" / "… in investing" (Microsoft)
  { metric: 'investing_cash_flow', patterns: [/^net cash (?:(?:provided|used|from|by|in)\s+){1,3}investing$/], kinds: ['cash_flow'] },
  { metric: 'financing_cash_flow', patterns: [/^net cash (?:(?:provided|used|from|by|in)\s+){1,3}financing$/], kinds: ['cash_flow'] },
  {
    metric: 'operating_cash_flow',
    patterns: [
      /^net cash (?:flows? )?(?:(?:from|generated(?: from| by)?|provided(?: by| from)?|used(?: in| for| by)?|by|for)\s+){1,4}operating activities(?: a)?$/,
      /^(?:total )?cash (?:(?:generated(?: from| by)?|provided(?: by| from)?|used(?: in| for| by)?|by|for)\s+){1,4}operating activities$/,
    ],
  },
  {
    metric: 'investing_cash_flow',
    patterns: [
      /^net cash (?:flows? )?(?:(?:from|generated(?: from| by)?|provided(?: by| from)?|used(?: in| for| by)?|by|for)\s+){1,4}investing activities(?: b)?$/,
      /^(?:total )?cash (?:(?:generated(?: from| by)?|provided(?: by| from)?|used(?: in| for| by)?|by|for)\s+){1,4}investing activities$/,
    ],
    kinds: ['cash_flow'],
  },
  {
    metric: 'financing_cash_flow',
    patterns: [
      /^net cash (?:flows? )?(?:(?:from|generated(?: from| by)?|provided(?: by| from)?|used(?: in| for| by)?|by|for)\s+){1,4}financing activities(?: c)?$/,
      /^(?:total )?cash (?:(?:generated(?: from| by)?|provided(?: by| from)?|used(?: in| for| by)?|by|for)\s+){1,4}financing activities$/,
    ],
    kinds: ['cash_flow'],
  },
  { metric: 'stock_compensation', patterns: [/^(?:stock|share|equity) based compensation(?: expenses?| costs?)?$/], kinds: ['cash_flow'] },
  {
    metric: 'share_repurchases',
    patterns: [
      /^(?:purchases?|repurchases?) of (?:common|treasury|company|ordinary) (?:stock|shares)(?: for treasury)?$/,
      /^share repurchases?(?: common)?$/,
      /^payments? for (?:the )?repurchases? of common stock$/,
      /^common stock repurchased$/,
      /^treasury (?:stock|shares) (?:repurchased|purchased|acquired)$/,
    ],
    kinds: ['cash_flow'],
  },
  {
    metric: 'dividends_paid',
    patterns: [
      /^(?:cash )?dividends paid(?: to (?:share|stock)holders| on common stock)?$/,
      /^payments? (?:for|of) dividends(?: and dividend equivalents)?(?: to (?:share|stock)holders)?$/,
      /^common stock cash dividends paid$/,
      /^dividends common and preferred$/,
    ],
    kinds: ['cash_flow'],
  },
  {
    metric: 'capex',
    patterns: [
      /^(?:purchases?|acquisitions?|payments?) (?:of|for) property plant and equipment(?: pp and e)?(?: including cwip)?(?: and (?:other )?intangible assets)?$/,
      /^purchases? of property and equipment$/,
      /^capital expenditures?$/,
      /^(?:payments? (?:for (?:the )?acquisition of|to acquire)|additions to|purchases? of|payments? for) (?:property plant and equipment|property and equipment|premises and equipment|land buildings and equipment)(?: net of (?:sales|disposals|proceeds from sales))?$/,
    ],
  },
  { metric: 'other_income', patterns: [/^other income(?: net)?$/] },
  { metric: 'finance_costs', patterns: [/^finance costs?$/, /^interest expense(?: net)?$/] },
  // a bank's income statement totals its interest lines ("Total interest income", "Total interest expense"); its
  // segments' tables then print the segment's own "Interest expense", which must not stand for the company's
  { metric: 'finance_costs', patterns: [/^total interest expense$/], kinds: ['profit_loss'] },
  { metric: 'interest_income', patterns: [/^total interest income$/], kinds: ['profit_loss'] },
  { metric: 'depreciation', patterns: [/^depreciation(?: and)? amorti[sz]ation(?: and impairment)?(?: expenses?)?(?: on)?$/] },
  { metric: 'employee_benefits', patterns: [/^employee benefits? expenses?$/] },
  { metric: 'other_expenses', patterns: [/^other expenses$/] },
  { metric: 'total_expenses', patterns: [/^total expenses$/] },
  {
    metric: 'tax_expense',
    patterns: [
      /^(?:total )?tax expenses?$/,
      /^provision for income taxes$/,
      /^income tax expense$/,
      /^provision for benefit from income taxes$/,
    ],
  },
  // ("(Benefit) provision" and "Benefit (provision)" read alike once normalized, with opposite signs: neither binds on
  // its caption alone; on an income statement a two-sided caption binds and the column's arithmetic sets its sign, or
  // it is not the measure: bind/sign.ts taxSigns)
  {
    metric: 'tax_expense',
    patterns: [TWO_SIDED_TAX],
    kinds: ['profit_loss', 'results'],
  },
  // Boeing's "Cost of products" beside "Cost of services": each part of the cost of revenue, as printed
  { metric: 'cost_of_products', patterns: [/^cost of products(?: sold)?$/], kinds: ['profit_loss', 'results'] },
  // "Income taxes" is the tax expense only as a line of the income statement
  { metric: 'tax_expense', patterns: [/^income taxes$/], kinds: ['profit_loss', 'results'] },
  { metric: 'total_comprehensive_income', patterns: [/^total comprehensive income(?: for the (?:year|period))?$/] },
];

/** Ontology synonyms too generic to bind a row on their own ("assets", "cash", "debt", "sales"). */
const GENERIC_SYNONYMS = new Set([
  'assets',
  'liabilities',
  'cash',
  'debt',
  'sales',
  'revenue',
  'revenues',
  'borrowings',
  'inventory',
  'receivables',
  'top line',
  'bottom line',
  'book value',
  'ebit',
  'pat',
  'pbt',
  'cogs',
  'cfo',
  'capex',
  'sga',
  'share count',
]);

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
  /** the row names the parent's share ("… attributable to <registrant>") */
  parent?: boolean;
}

export interface LabelContext {
  /** the registrant as row labels name it (registrantPattern) */
  registrant?: RegExp | null;
  /** the kind of statement the row is in (bind.ts TableKind); rules bound to kinds need it */
  kind?: string;
  /** the row is a line of a primary statement by its own title, not of a note of that kind (default: true) */
  statement?: boolean;
}

const LEGAL_SUFFIX =
  /\b(?:the|inc|incorporated|corp|corporation|company|co|plc|ltd|limited|llc|lp|l p|n v|nv|s a|sa|ag|se|group|holdings?)\b/g;

/**
 * The registrant's names as row labels print them: each name given (cover, entity record), normalized,
 * with and without its legal form ("Amcor plc", "Amcor"), and its first word when that is distinctive
 * ("Costco" of "Costco Wholesale Corporation", "PepsiCo" of "PepsiCo, Inc."). Null when no name is given.
 */
export function registrantPattern(names: (string | null | undefined)[]): RegExp | null {
  const forms = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    const full = normalizeLabel(name);
    if (!full) continue;
    forms.add(full);
    const bare = full.replace(LEGAL_SUFFIX, ' ').replace(/\s+/g, ' ').trim();
    if (bare) forms.add(bare);
    const first = bare.split(' ')[0] ?? '';
    // a first word that is a common word ("general", "american", "first") names no company on its own
    if (first && first !== bare && (first.length >= 4 || /\d/.test(first)) && !GENERIC_FIRST_WORDS.has(first)) forms.add(first);
  }
  if (!forms.size) return null;
  const alts = [...forms].sort((a, b) => b.length - a.length).map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // only where a label attributes a result to someone: a registrant named "Cash America" leaves "cash and cash equivalents" alone
  return new RegExp(`\\battributable to (?:the )?(?:${alts.join('|')})\\b`, 'g');
}

const GENERIC_FIRST_WORDS = new Set([
  'general',
  'american',
  'national',
  'international',
  'united',
  'first',
  'global',
  'royal',
  'southern',
  'northern',
  'western',
  'eastern',
  'central',
  'pacific',
  'atlantic',
  'federal',
  'public',
  'standard',
  'new',
  'great',
  'common',
  'total',
  'net',
  'other',
]);

/** The normalized label with the registrant it attributes a result to replaced by "the company". */
function withRegistrant(n: string, registrant: RegExp | null | undefined): string {
  if (!registrant) return n;
  registrant.lastIndex = 0;
  return n.replace(registrant, `attributable to ${COMPANY}`);
}

/** The metric a row label names in its section path, or null. */
export function metricForLabel(label: string, sectionPath: string[] = [], lc: LabelContext = {}): MetricMatch | null {
  const n = withRegistrant(normalizeLabel(label), lc.registrant);
  if (!n) return null;
  const path = sectionPath.map((x) => withRegistrant(normalizeLabel(x), lc.registrant)).join(' > ');
  const exact = matchNormalized(n, path, lc);
  if (exact !== undefined) return exact;
  // Read loosely below only where it is the measure: a flow (the total of a flow is that flow), or a balance on
  // the balance sheet itself — a note's "Total deferred tax assets" is the gross before the valuation allowance
  // and the liabilities, its "Total long-term debt" the debt before its current portion (Apple, Costco)
  const loose = (hit: MetricMatch | null | undefined): MetricMatch | null =>
    hit && (hit.metric.periodType === 'duration' || (lc.kind === 'balance_sheet' && lc.statement !== false))
      ? { ...hit, strength: 1 }
      : null;
  // "Total noninterest expense": the total line of a measure the ontology names without the word;
  // "Goodwill, net", "Merchandise inventories, net": the carrying amount the measure is (never a gross measure's)
  const bare = n.startsWith('total ') ? n.slice(6) : n;
  if (bare !== n) {
    const total = matchNormalized(bare, path, lc);
    if (total === null) return null;
    if (total) return loose(total);
  }
  // "Deferred revenues", "Total provisions for credit losses": a measure's caption with its last or first word in the plural
  for (const singular of singularForms(bare)) {
    const hit = loose(matchNormalized(singular, path, lc));
    if (hit) return hit;
  }
  if (/ net$/.test(bare)) {
    const net = loose(matchNormalized(bare.slice(0, -4), path, lc));
    if (net && !net.metric.id.endsWith('_gross')) return net;
  }
  return null;
}

/** A normalized label's metric; null when a context-bound rule names it but its context fails; undefined when nothing names it. */
function matchNormalized(n: string, path: string, lc: LabelContext): MetricMatch | null | undefined {
  const inKind = (r: LabelRule) => !r.kinds || (lc.kind !== undefined && r.kinds.includes(lc.kind));
  for (const r of RULES) {
    if (r.patterns.some((p) => p.test(n)) && (!r.where || r.where(path)) && inKind(r)) {
      const metric = getMetric(r.metric);
      if (metric) return r.parent ? { metric, strength: 2, parent: true } : { metric, strength: 2 };
    }
  }
  // context-bound rules that failed their context do not fall back to synonyms
  if (RULES.some((r) => (r.where || r.kinds) && r.patterns.some((p) => p.test(n)))) return null;
  const id = synonyms().get(n);
  const metric = id ? getMetric(id) : undefined;
  return metric ? { metric, strength: 1 } : undefined;
}

/** Whether a row label names the parent's or the noncontrolling interests' share of a result ("… attributable to …"). */
export function attributionOf(label: string, lc: LabelContext = {}): 'parent' | 'nci' | null {
  const n = withRegistrant(normalizeLabel(label), lc.registrant);
  if (new RegExp(`attributable to ${NCI}$`).test(n)) return 'nci';
  if (new RegExp(`\\battributable to ${COMPANY}\\b`).test(n)) return 'parent';
  return null;
}

/** A row that is the whole result, before the noncontrolling interests' share: "Net income", "Net loss", "Net earnings". */
export function isPlainNetResult(label: string): boolean {
  return new RegExp(`^${NET_RESULT}$`).test(normalizeLabel(label));
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
  const parts = [...sectionPath.slice(-2).map(slug), slug(label) || 'unlabelled', ...(column ? [columnSlug(column)] : [])].filter(Boolean);
  return `report:row/${parts.join('/')}`;
}

/** A dimension column's slug: its heading, and where that is too long to keep whole, its start and a digest of all of it (two columns never share one). */
function columnSlug(column: string): string {
  const full = normalizeLabel(column).replace(/\s+/g, '-');
  if (full.length <= 60) return full;
  let h = 0x811c9dc5;
  for (let i = 0; i < full.length; i++) h = Math.imul(h ^ full.charCodeAt(i), 0x01000193) >>> 0;
  return `${full.slice(0, 51)}-${h.toString(36).padStart(7, '0')}`;
}
