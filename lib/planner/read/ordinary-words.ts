/**
 * The ordinary words of analysts around a measure — a lexicon, not a list of questions:
 *
 * - paraphrases that name a measure without its caption ("buy back its own shares" = share repurchases, "take
 *   in from customers" = revenue, "the bottom line" = net income, "customers owe" = receivables), as patterns
 *   over the matcher's normalized text (lib/planner/measure-text), competing with captions by length;
 * - verbs alone that name a measure when nothing else does ("how much did it sell" = revenue, "borrow" = debt
 *   issued), like "earn" for net income;
 * - verbs that only say what a measure already is ("spend on R&D", "pay dividends", "carry goodwill", "hold
 *   cash", "owe in long-term debt"): placed when the verb's class fits the measure's (money going out for an
 *   outflow or expense, money coming in for income, holding for a balance, owing for a liability), and a
 *   verb that changes the measure ("pay" with taxes: taxes paid in cash; "invest in" property and equipment:
 *   capital expenditure) turns it into that measure. A verb that fits nothing stays unplaced and blocks.
 *
 * A lexicon built from the filings (lib/ontology/vocabulary) plugs in beside these, as another source of
 * measure mentions for the measure reader.
 */
import { getFormula } from '@/lib/ontology/formulas';
import { getMetric } from '@/lib/ontology/metrics';

const alt = (...forms: string[]) => `(?:${forms.join('|')})`;
const POSSESSIVE = "(?:(?:its|their|the|the company's|own) )*";
const BUY_BACK = alt(
  'buy back',
  'buys back',
  'bought back',
  'buying back',
  'repurchase',
  'repurchases',
  'repurchased',
  'repurchasing',
  'buy in',
  'bought in',
);
const SHARES = alt('stock', 'shares', 'common stock', 'common shares', 'equity', 'own stock', 'own shares');
const TAKE_IN = alt(
  'take in',
  'takes in',
  'took in',
  'taking in',
  'bring in',
  'brings in',
  'brought in',
  'bringing in',
  'collect',
  'collects',
  'collected',
  'collecting',
  'receive',
  'received',
  'rake in',
  'raked in',
  'pull in',
  'pulled in',
);
const INVEST = alt(
  'invest',
  'invests',
  'invested',
  'investing',
  'spend',
  'spends',
  'spent',
  'spending',
  'pour',
  'poured',
  'put',
  'sink',
  'sank',
  'sunk',
  'plow',
  'plows',
  'plowed',
  'plough',
  'ploughed',
  'funnel',
  'funneled',
  'funnelled',
  'channel',
  'channeled',
  'channelled',
);
const PPE = alt(
  'property and equipment',
  'property plant and equipment',
  'plant and equipment',
  'pp&e',
  'ppe',
  'fixed assets',
  'capital assets',
  'factories',
  'plants',
  'equipment',
  'facilities',
  'buildings',
  'machinery',
  'property',
);

/** "what was left (over) after", "what remained (for the company) after" with no amount before it: the subtotal below a line of costs ("revenue left over after …" is a difference the formula reader reads). */
const LEFT_AFTER = `(?:what|how much) (?:was |is |were |had |has )?${alt('left', 'left over', 'leftover', 'remained', 'remains', 'remaining')} (?:for (?:it |them |the company )?)?after `;
/** Verbs of a cash flow section ("investing activities used cash", "bring in or use cash"). */
const CASH_VERB = alt(
  'bring in',
  'brings in',
  'brought in',
  'provide',
  'provides',
  'provided',
  'generate',
  'generates',
  'generated',
  'use',
  'uses',
  'used',
  'consume',
  'consumes',
  'consumed',
);
/** "what it sold", "the goods it sold", "the products they sell". */
const WHAT_SOLD = `(?:what |the (?:goods|products|things) (?:that )?)(?:it|they|the company) ${alt('sold', 'sells', 'sell')}`;

/** Paraphrases naming a measure (normalized text: lower case, one space between words, "&" and "'" kept). */
export const ORDINARY_PATTERNS: readonly { pattern: string; metric: string }[] = [
  // returns on an average balance: the library's ratios average the balance anyway
  { pattern: `return on average ${POSSESSIVE}(?:total )?(?:common )?(?:stockholders'? |shareholders'? |owners'? )?equity`, metric: 'roe' },
  { pattern: `return on average ${POSSESSIVE}(?:total )?assets`, metric: 'roa' },
  { pattern: `return on average ${POSSESSIVE}invested capital`, metric: 'roic' },
  // money going out to shareholders
  { pattern: `${BUY_BACK} ${POSSESSIVE}${SHARES}`, metric: 'share_repurchases' },
  { pattern: `(?:stock |share )?(?:buybacks|buyback)`, metric: 'share_repurchases' },
  // revenue
  { pattern: `${TAKE_IN} (?:in )?from ${POSSESSIVE}(?:customers|clients|sales)`, metric: 'revenue' },
  { pattern: '(?:the )?top line', metric: 'revenue' },
  // the cash the operations bring in: operating cash flow ("how much cash did its operations generate"); not when
  // the verb's object is a flow of the income statement ("what did its Services business generate in revenue")
  {
    pattern: `${POSSESSIVE}(?:operations|operating activities|business) ${alt('bring in', 'brings in', 'brought in', 'generate', 'generates', 'generated', 'produce', 'produced', 'throw off', 'threw off')}(?! (?:in |as )?(?:net )?(?:revenues?|sales|income|profits?|earnings)\\b)`,
    metric: 'operating_cash_flow',
  },
  // the lines of the income statement
  // what is left after a line of costs is the subtotal below it: after the cost of sales, gross profit; after every
  // operating cost, operating income ("what was left over after cost of revenue", "left after all operating costs")
  {
    pattern: `${LEFT_AFTER}(?:${POSSESSIVE})?(?:the )?(?:cost of (?:revenues?|sales|goods sold)|costs of (?:revenues?|sales|goods sold)|cogs)`,
    metric: 'gross_profit',
  },
  {
    pattern: `${LEFT_AFTER}(?:all )?${POSSESSIVE}(?:(?:total )?operating (?:costs|expenses)(?: and expenses)?|(?:total )?costs and expenses)`,
    metric: 'operating_income',
  },
  // "what was left of its operating cash after capex": the operating cash flow, the minuend of what is left
  { pattern: 'operating cash(?= after )', metric: 'operating_cash_flow' },
  // the cash the activities of a section of the cash flow statement bring in or use: that section's net cash
  ...(
    [
      ['investing', 'investing_cash_flow'],
      ['financing', 'financing_cash_flow'],
    ] as const
  ).map(([kind, metric]) => ({ pattern: `${kind} activities ${CASH_VERB}(?: or ${CASH_VERB})?(?: cash)?`, metric })),
  // "how many days of inventory did it hold": days inventory outstanding, as "days of sales outstanding" is DSO
  { pattern: 'days of (?:inventory|inventories|stock)(?: on hand)?', metric: 'dio' },
  // what it cost to make what was sold: the cost of revenue
  { pattern: `cost of ${alt('making', 'producing', 'manufacturing', 'building')} ${WHAT_SOLD}`, metric: 'cost_of_revenue' },
  {
    pattern: `${alt('spend', 'spends', 'spent', 'spending')} (?:on |for )(?:general (?:and |& )?)?administration`,
    metric: 'general_admin',
  },
  { pattern: '(?:at |on )?the bottom line', metric: 'net_income' },
  // "did it make money", "did it turn a profit": the bottom line, whose sign answers the question
  { pattern: `${alt('make', 'makes', 'made', 'making', 'earn', 'earns', 'earned')} (?:any )?money`, metric: 'net_income' },
  { pattern: `${alt('turn', 'turns', 'turned', 'turning', 'post', 'posts', 'posted')} a (?:net )?profit`, metric: 'net_income' },
  { pattern: `${alt('keep', 'keeps', 'kept', 'keeping')} as (?:net )?(?:profit|profits|earnings|income)`, metric: 'net_income' },
  { pattern: '(?:at |on )?the operating (?:line|level)', metric: 'operating_income' },
  { pattern: `${alt('earn', 'earns', 'earned', 'make', 'makes', 'made')} from ${POSSESSIVE}operations`, metric: 'operating_income' },
  { pattern: `${alt('earn', 'earns', 'earned', 'make', 'makes', 'made')} before (?:income )?tax(?:es)?`, metric: 'profit_before_tax' },
  { pattern: `${alt('set', 'sets', 'setting', 'put', 'puts')} aside for (?:income )?tax(?:es)?`, metric: 'tax_expense' },
  { pattern: `${alt('provide', 'provided', 'provides')} for (?:income )?tax(?:es)?`, metric: 'tax_expense' },
  // capital spending and acquisitions
  { pattern: `${INVEST} (?:in |on |into )?(?:new )?${PPE}(?:(?: and| or|,)* (?:other )?${PPE})*`, metric: 'capex' },
  {
    pattern: `${alt('spend', 'spent', 'spends', 'pay', 'paid', 'pays', 'use', 'used')} (?:cash )?(?:on |for )?${alt('buying', 'acquiring', 'purchasing')} (?:other )?${alt('companies', 'businesses', 'firms')}`,
    metric: 'acquisitions',
  },
  // what is owed, to whom
  {
    pattern: `${alt('owe', 'owes', 'owed', 'owing')} (?:to )?${POSSESSIVE}${alt('suppliers', 'vendors', 'trade creditors')}`,
    metric: 'accounts_payable',
  },
  { pattern: `${alt('customers', 'clients')} ${alt('owe', 'owed', 'owes', 'owing')}`, metric: 'receivables' },
  { pattern: `${alt('owed', 'due')} (?:to it )?(?:by|from) ${POSSESSIVE}${alt('customers', 'clients')}`, metric: 'receivables' },
  // the non-current caption of debt: "long-term debt (excluding the current portion)", "what did it owe long-term"
  {
    pattern: `(?:long term debt|term debt|long term borrowings) ${alt('excluding', 'excl', 'ex', 'less', 'net of', 'without', 'minus')} (?:the |its )?current ${alt('portion', 'portions', 'maturities')}(?: of (?:long term |term )?(?:debt|borrowings))?`,
    metric: 'long_term_debt_noncurrent',
  },
  { pattern: `${alt('owe', 'owes', 'owed', 'owing')} (?:over the )?long term`, metric: 'long_term_debt_noncurrent' },
  // equity and pay in stock
  { pattern: `${alt("shareholders'", "stockholders'", "owners'")} ${alt('stake', 'claim', 'interest')}`, metric: 'total_equity' },
  {
    pattern: `${alt('pay', 'paid', 'pays', 'compensate', 'compensated')} ${POSSESSIVE}${alt('people', 'employees', 'staff', 'workers', 'workforce')} in ${alt('stock', 'shares', 'equity')}`,
    metric: 'stock_compensation',
  },
  { pattern: `${alt('stock', 'share', 'equity')}(?: |-)?based pay`, metric: 'stock_compensation' },
  { pattern: `(?:customers )?${alt('paid', 'pay', 'paying')} in advance`, metric: 'deferred_revenue' },
];

/** Verbs that name a measure on their own, used only when nothing else names one ("how much did NVIDIA sell"). */
export const WEAK_VERBS: readonly { words: readonly string[]; metric: string }[] = [
  { words: ['sell', 'sells', 'sold', 'selling'], metric: 'revenue' },
  // the money a business brings or takes in is its sales (what operations bring in is operating cash flow, read above)
  {
    words: ['bring in', 'brings in', 'brought in', 'bringing in', 'take in', 'takes in', 'took in', 'taking in', 'rake in', 'raked in'],
    metric: 'revenue',
  },
  { words: ['borrow', 'borrows', 'borrowed', 'borrowing'], metric: 'debt_issued' },
  { words: ['owe', 'owes', 'owed', 'owing'], metric: 'total_liabilities' },
  { words: ['own', 'owns', 'owned'], metric: 'total_assets' },
];

/** What a measure is, for the verbs that fit it. */
export type MeasureClass = 'outflow' | 'income' | 'profit' | 'balance' | 'owed' | 'rate';

/** The class of a measure: from the ontology's sign and period type (a liability is owed; other balances held). */
export function measureClass(id: string, periodType: 'instant' | 'duration'): MeasureClass[] {
  // a margin or a ratio the library computes is also a rate a business runs at
  const formula = getFormula(id);
  const rate = formula && (formula.op === 'margin' || formula.unit === 'ratio');
  const classes = amountClass(id, periodType);
  return rate ? ['rate', ...classes] : classes;
}

function amountClass(id: string, periodType: 'instant' | 'duration'): MeasureClass[] {
  if (periodType === 'instant')
    return /liabilit|debt|payable|borrowing|deferred_revenue|accrued|lease_liabil/.test(id) ? ['owed', 'balance'] : ['balance'];
  const sign = getMetric(id)?.sign;
  if (sign === 'outflow' || sign === 'expense') return ['outflow'];
  // a profit line can be lost ("how much did it lose at the operating line"); revenue cannot
  const profit = /income|profit|earnings|ebit/.test(id) && !/^(?:total_income|other_income|interest_income|revenue)/.test(id);
  if (sign === 'income' || sign === 'inflow') return profit ? ['income', 'profit'] : ['income'];
  if (
    /cost|expense|tax|interest|capex|payment|repurchase|dividend|compensation|depreciation|amortization|rnd|sga|marketing|administrative/.test(
      id,
    )
  )
    return ['outflow'];
  return profit ? ['income', 'profit'] : ['income'];
}

/**
 * Verbs (with their particles) that only say what a measure of a class already is. A verb that also says
 * when ("start the year with", "when the year began") is a period word, not a verb of holding: it is left
 * to the period reader, and blocks when that reader does not place it (the balance at a period's start is
 * not the balance at its end).
 */
export const CLASS_VERBS: readonly { re: RegExp; fits: MeasureClass; unless?: RegExp }[] = [
  // "how much cash went to buybacks" — not in "what share of revenue went to R&D" (the share's link word)
  {
    re: /\b(?:go|goes|went|gone|going)\s+(?:to(?:wards?)?|into)\b/gi,
    fits: 'outflow',
    unless: /\b(?:share|percentage|percent|fraction|proportion|portion)\s+of\b/i,
  },
  {
    re: /\b(?:(?:go|goes|went|gone|going)\s+out(?:\s+(?:of\s+)?the\s+door)?|plough(?:s|ed|ing)?|plow(?:s|ed|ing)?|sink|sinks|sank|sunk|funnel(?:l?ed|s)?|channel(?:l?ed|s)?|spend|spends|spent|spending|pay|pays|paid|paying|used|pour|poured|pours|invest|invests|invested|investing|shell(?:ed)?\s+out|lay\s+out|laid\s+out|fork(?:ed)?\s+out|hand(?:ed|s)?\s+(?:back|over|out)|return(?:ed|s)?|give\s+back|gave\s+back|distribut(?:e|ed|es)|devote[ds]?|allocate[ds]?|incur(?:red|s)?|run\s+through|ran\s+through|book(?:ed|s)?|record(?:ed|s)?|charge[ds]?|add(?:s|ed|ing)?\s+back)\b(?:\s+(?:out|back|on|for|in|into|to|through|via|as))*/gi,
    fits: 'outflow',
  },
  {
    re: /\b(?:earn|earns|earned|earning|make|makes|made|making|generate[ds]?|generating|bring\s+in|brings\s+in|brought\s+in|take\s+in|took\s+in|collect(?:ed|s)?|receive[ds]?|produce[ds]?|book(?:ed|s)?|record(?:ed|s)?)\b(?:\s+(?:in|from|on|at|as))*/gi,
    fits: 'income',
  },
  { re: /\b(?:lose|loses|lost|losing|make\s+or\s+lose|made\s+or\s+lost)\b(?:\s+(?:in|from|on|at|as))*/gi, fits: 'profit' },
  {
    re: /\b(?:have|has|had|hold|holds|held|holding|carry|carries|carried|carrying|sit(?:ting)?\s+on|sat\s+on|keep|keeps|kept|end(?:ed|s)?\s+(?:\S+\s+){0,3}?with|show(?:ed|s)?|report(?:ed|s)?|own(?:ed|s)?)\b/gi,
    fits: 'balance',
  },
  { re: /\b(?:owe|owes|owed|owing)\b(?:\s+(?:in|on|to))*/gi, fits: 'owed' },
  // "what operating margin did it run at", "the gross margin came in at", "where did ROE land"
  {
    re: /\b(?:run|runs|ran|running|operate[ds]?|operating|come|comes|came|coming|land|lands|landed|landing|clock(?:s|ed)?|settle[ds]?)\s+(?:in\s+)?at\b/gi,
    fits: 'rate',
  },
];

/** Words that say where a balance sits or to whom money goes, placed beside a measure of their class. */
export const VERB_COMPLEMENTS: readonly { re: RegExp; fits: MeasureClass }[] = [
  {
    re: /\b(?:(?:to\s+)?(?:its\s+|their\s+)?(?:own\s+)?(?:shareholders|stockholders|investors|owners)(?:\s+(?:through|via|in|as|by\s+way\s+of))?|in\s+cash|actually|all\s+told|in\s+all)\b/gi,
    fits: 'outflow',
  },
  // "on its books", "on Marvell's books"; "the cash balance", "cash position", "cash pile", "worth"
  {
    re: /\b(?:on\s+(?:its|their|the|(?:\S+\s+){0,2}\S+['’]s?)\s+(?:books|balance\s+sheets?)|in\s+total|all\s+told|balance(?!\s+sheet)|position|pile|hoard|worth)\b/gi,
    fits: 'balance',
  },
  { re: /\b(?:in\s+cash|actually)\b/gi, fits: 'income' },
];

/** A verb that turns one measure into another ("pay" with income taxes: taxes paid; "repay" with debt: repayments). */
export const TURNS: readonly { from: RegExp; verb: RegExp; to: string }[] = [
  { from: /^(?:tax_expense|income_tax_current)$/, verb: /\b(?:pay|pays|paid|paying)\b/i, to: 'income_taxes_paid' },
  { from: /^(?:finance_costs|interest_expense)$/, verb: /\b(?:pay|pays|paid|paying)\b/i, to: 'interest_paid' },
  { from: /^dividends_declared$/, verb: /\b(?:pay|pays|paid|paying)\b/i, to: 'dividends_paid' },
  {
    from: /^(?:ppe_net|ppe_gross)$/,
    verb: /\b(?:spend|spent|spends|invest|invested|invests|pour|poured|plough(?:s|ed)?|plow(?:s|ed)?|sink|sank|sunk|funnel(?:l?ed|s)?|channel(?:l?ed|s)?|buy|bought|purchase[ds]?)\b/i,
    to: 'capex',
  },
  {
    from: /^(?:long_term_debt|long_term_debt_noncurrent|short_term_borrowings)$/,
    verb: /\b(?:repay|repays|repaid|repaying|pay\s+(?:back|down|off)|paid\s+(?:back|down|off)|retire[ds]?)\b/i,
    to: 'debt_repaid',
  },
  {
    from: /^(?:long_term_debt|long_term_debt_noncurrent|short_term_borrowings)$/,
    verb: /\b(?:borrow|borrows|borrowed|raise[ds]?|issue[ds]?)\b/i,
    to: 'debt_issued',
  },
];

/** A bare word that a verb makes a measure ("how much interest did it pay": interest paid; "debt … pay back": repayments). */
export const BARE_TURNS: readonly { word: RegExp; verb: RegExp; to: string; within?: RegExp }[] = [
  { word: /\binterest\b/gi, verb: /\b(?:pay|pays|paid|paying)\b/i, to: 'interest_paid' },
  { word: /\b(?:income\s+)?tax(?:es)?\b/gi, verb: /\b(?:pay|pays|paid|paying)\b/i, to: 'income_taxes_paid' },
  // "how much term debt did it repay": the word inside a debt measure's name turns that measure
  {
    word: /\bdebt\b/gi,
    verb: /\b(?:repay|repays|repaid|repaying|pay\s+(?:back|down|off)|paid\s+(?:back|down|off)|retire[ds]?)\b/i,
    to: 'debt_repaid',
    within: /^(?:long_term_debt|total_debt|debt)$/,
  },
  {
    word: /\bdebt\b/gi,
    verb: /\b(?:borrow|borrows|borrowed|raise[ds]?|issue[ds]?|take\s+on|took\s+on)\b/i,
    to: 'debt_issued',
    within: /^(?:long_term_debt|total_debt|debt)$/,
  },
  // "how much did it cost NVIDIA to make what it sold": the cost of revenue, said with "cost" as a verb
  {
    word: /\bto\s+(?:make|produce|manufacture|build)\s+(?:what|the\s+(?:goods|products|things)(?:\s+that)?)\s+(?:it|they)\s+(?:sold|sells|sell)\b/gi,
    verb: /\bcost\b/i,
    to: 'cost_of_revenue',
  },
  // "how much of its own stock did it buy back": share repurchases in money (a count is asked by "how many")
  {
    word: /(?<!\bhow\s+many\s+(?:of\s+)?(?:(?:its|their)\s+)?(?:own\s+)?(?:common\s+)?)\b(?:(?:its|their)\s+)?(?:own\s+)?(?:common\s+)?(?:stock|shares)\b/gi,
    verb: /\b(?:buy|buys|bought|buying)\s+back\b|\brepurchas(?:e|es|ed|ing)\b/i,
    to: 'share_repurchases',
  },
  // "how many shares were outstanding", "how many shares did it have outstanding": the count at the date
  {
    word: /(?:\(\s*)?\b(?:(?:common|ordinary|capital)(?:\s+stock)?(?:\s*\))?\s+)?shares(?:\s+of\s+(?:its\s+|their\s+)?(?:common\s+|ordinary\s+|capital\s+)?stock)?\b/gi,
    verb: /\boutstanding\b/i,
    to: 'shares_outstanding',
  },
];
