/**
 * A gloss: words that only restate what the measure asked is — set in parentheses after it ("income taxes
 * paid (cash)", "share repurchases (cash paid)"), or around it ("what did Walmart pay out for share
 * repurchases", "cash dividends paid"). Every content word of the gloss, read with the synonym table, is a
 * word of one of the measure's own names (or one such a word implies: a payment is cash), so the gloss
 * names no second figure and no qualifier: it is read as part of the measure, never as another measure
 * (the cash balance) asked beside it, nor as an adjustment.
 */
import { getFormula } from '../formulas';
import { getMetric } from '../metrics';
import { isFunctionWord } from './function-words';
import { IMPLIED } from './lexicon';
import { phraseKeys, rewrite } from './synonyms';

const ownKeys = new Map<string, Set<string>>();

/** The word keys of a measure's own names, after the synonym table, with the words they imply. */
function keysOfMeasure(measureId: string): Set<string> {
  let keys = ownKeys.get(measureId);
  if (keys) return keys;
  const m = getMetric(measureId);
  const f = m ? null : getFormula(measureId);
  const names = m ? [m.label, ...m.synonyms, ...(m.aliases ?? [])] : f ? [f.label, ...f.synonyms] : [];
  keys = new Set<string>();
  // a word negated by "non" in a name ("non-current borrowings") is not a word of the measure ("as current" restates nothing)
  const said = (ks: string[]) => ks.filter((_, i) => ks[i - 1] !== 'non');
  for (const n of names) for (const k of [...said(phraseKeys(n)), ...said(rewrite(phraseKeys(n)).keys)]) keys.add(k);
  for (const k of [...keys]) for (const i of IMPLIED.get(k) ?? []) keys.add(i);
  ownKeys.set(measureId, keys);
  return keys;
}

/** Words that say what a line holds ("including dividend equivalents"): the words after them restate it. */
const HOLDS = new Set(phraseKeys('including include includes'));

/**
 * Whether `words` only restate the measure `measureId` (see the module comment); `labels`: the filer's own
 * labels of the measure's concepts ("Purchases related to property and equipment and intangible assets"),
 * whose words restate it too.
 */
export function restatesMeasure(words: string, measureId: string, labels: readonly string[] = []): boolean {
  const own = keysOfMeasure(measureId);
  if (own.size === 0) return false;
  const filer = new Set(labels.flatMap((l) => [...phraseKeys(l), ...rewrite(phraseKeys(l)).keys]));
  const keys = rewrite(phraseKeys(words)).keys.filter((k) => !isFunctionWord(k) && !(labels.length > 0 && HOLDS.has(k)));
  return keys.length > 0 && keys.every((k) => own.has(k) || filer.has(k));
}
