/**
 * The small synonym table between an analyst's words and the words filers label their lines with.
 * Each rule rewrites a run of word keys (lemma.ts) of the question into the keys a filer's label uses:
 * "buyback" → "repurchase", "spend / paid / pay out / cash used" → "payment", "SBC" → "share-based
 * compensation". Labels are rewritten by the same table, so "Stock-based compensation" and "Share-based
 * compensation" meet. Everything else comes from the filings themselves (labels, descriptions, member
 * names, printed captions); this table stays small.
 *
 * `when`: a rule that applies only when the filer's vocabulary has no phrase of its own for the words
 * ("EBIT" is operating income only where the filer reports no EBIT line of its own).
 */
import { lemma } from './lemma';

export interface SynonymRule {
  /** the words as an analyst writes them (lemmatized when the table is built) */
  from: string;
  /** the words filers use for them */
  to: string;
  /** 'no-own-phrase': only when no entry of the lexicon contains the `from` keys themselves */
  when?: 'no-own-phrase';
}

export const SYNONYM_RULES: readonly SynonymRule[] = [
  // money going out
  { from: 'buyback', to: 'payment repurchase share' },
  { from: 'buy back', to: 'payment repurchase share' },
  { from: 'bought back', to: 'payment repurchase share' },
  { from: 'share repurchase', to: 'repurchase share' },
  { from: 'spend', to: 'payment' },
  { from: 'spending', to: 'payment' },
  { from: 'pay', to: 'payment' },
  { from: 'pay out', to: 'payment' },
  { from: 'payout', to: 'payment' },
  { from: 'outlay', to: 'payment' },
  { from: 'cash used', to: 'payment' },
  { from: 'cash paid', to: 'payment' },
  { from: 'cash spent', to: 'payment' },
  { from: 'purchase', to: 'payment' },
  { from: 'capex', to: 'payment acquire property plant equipment' },
  { from: 'capital expenditure', to: 'payment acquire property plant equipment' },
  { from: 'addition property plant equipment', to: 'payment acquire property plant equipment' },
  // compensation paid in equity
  { from: 'sbc', to: 'share based compensation' },
  { from: 'stock based', to: 'share based' },
  { from: 'stock comp', to: 'share based compensation' },
  { from: 'equity compensation', to: 'share based compensation' },
  // shares and stock are one word for a class of equity
  { from: 'share count', to: 'share outstanding' },
  { from: 'shares', to: 'share' },
  { from: 'stock', to: 'share' },
  { from: 'stockholder', to: 'shareholder' },
  { from: 'stockholders', to: 'shareholder' },
  { from: 'public float', to: 'public float' },
  { from: 'float', to: 'public float' },
  { from: 'non affiliate', to: 'public float' },
  // lines of the income statement
  { from: 'ebit', to: 'operating income', when: 'no-own-phrase' },
  { from: 'earnings before interest and taxes', to: 'operating income', when: 'no-own-phrase' },
  { from: 'operating profit', to: 'operating income' },
  { from: 'operating earnings', to: 'operating income' },
  { from: 'r&d', to: 'research development' },
  { from: 'r and d', to: 'research development' },
  { from: 'd&a', to: 'depreciation amortization' },
  { from: 'sg&a', to: 'selling general administrative' },
  { from: 'ads', to: 'advertising' },
  { from: 'top line', to: 'revenue' },
  { from: 'sales', to: 'revenue' },
  { from: 'net sales', to: 'revenue' },
  { from: 'bring in', to: 'revenue' },
  { from: 'revenues', to: 'revenue' },
  // balances
  { from: 'a/r', to: 'accounts receivable' },
  { from: 'a/p', to: 'accounts payable' },
  { from: 'receivables', to: 'accounts receivable' },
  { from: 'payables', to: 'accounts payable' },
  { from: 'ppe', to: 'property plant equipment' },
  { from: 'pp&e', to: 'property plant equipment' },
  // places
  { from: 'us', to: 'united states' },
  { from: 'usa', to: 'united states' },
  { from: 'u s', to: 'united states' },
  { from: 'america', to: 'americas' },
  // a place's complement as filers name it ("Non-U.S.", "NonUsMember")
  { from: 'outside the', to: 'non' },
  { from: 'outside of the', to: 'non' },
  { from: 'outside', to: 'non' },
  { from: 'ecommerce', to: 'e commerce' },
  // sales channels: "direct-to-consumer" and the QName's "Directly To Consumer"
  { from: 'directly', to: 'direct' },
];

/** A rule with its word keys. */
export interface KeyedRule {
  from: string[];
  to: string[];
  when?: SynonymRule['when'];
}

/** Word keys of a phrase: "R&D" and "A/R" stay one word; "stock-based" is two. */
export function phraseKeys(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .split(/[^a-z0-9&/]+/)
    .filter(Boolean)
    .map((w) => (w === '&' ? 'and' : lemma(w)));
}

/** The table with word keys, longest `from` first (a longer rule wins where two overlap). */
export const KEYED_RULES: readonly KeyedRule[] = SYNONYM_RULES.map((r) => ({
  from: phraseKeys(r.from),
  to: phraseKeys(r.to),
  when: r.when,
}))
  .filter((r) => r.from.length > 0)
  .sort((a, b) => b.from.length - a.from.length);

/**
 * Rewrites keys by the table: each run matching a rule's `from` (the longest rule first, left to right)
 * becomes its `to`; a rewritten run is not rewritten again. `ownPhrase(keys)`: whether the lexicon has
 * a phrase with these keys of its own, for the rules that apply only without one. Returns the new keys
 * and, for each, the indices of the original keys it stands for (for coverage).
 */
export function rewrite(
  keys: readonly string[],
  ownPhrase: (keys: string[]) => boolean = () => false,
): { keys: string[]; origins: number[][] } {
  const out: string[] = [];
  const origins: number[][] = [];
  let i = 0;
  while (i < keys.length) {
    const rule = KEYED_RULES.find(
      (r) => r.from.every((k, j) => keys[i + j] === k) && (r.when !== 'no-own-phrase' || !ownPhrase(r.from)) && !sameKeys(r.from, r.to),
    );
    if (!rule) {
      out.push(keys[i] ?? '');
      origins.push([i]);
      i++;
      continue;
    }
    const from = rule.from.map((_, j) => i + j);
    for (const k of rule.to) {
      out.push(k);
      origins.push(from);
    }
    i += rule.from.length;
  }
  return { keys: out, origins };
}

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}
