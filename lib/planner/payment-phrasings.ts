/**
 * A cash outflow line said the way analysts say it, from the label its filer ships ("Payments for Repurchase of
 * Common Stock" → "repurchase spend", "common stock repurchase payments"): what the line pays for, in either
 * number, with a payment noun after it — for the measure the label's concept maps to, never from a phrase list.
 */
import { METRICS } from '@/lib/ontology/metrics';
import { singularOfLast } from '@/lib/ontology/inflect';
import { norm } from './measure-text';

/**
 * An outflow line's label by what it pays for ("Payments for Repurchase of Common Stock", "Payments of Dividends",
 * "Payments to Acquire Businesses, Net"), captured: what is paid for and what of (normalized words).
 */
const PAYMENT_LABEL = /^(?:payments?|cash paid) (?:for|of|to acquire) (?:the )?([a-z][a-z ]*?)(?: of ([a-z][a-z ]*?))?(?: net)?$/;
/** The nouns an analyst puts after what an outflow pays for ("repurchase spend", "dividend payments"). */
const PAYMENT_NOUNS = ['payments', 'spend', 'spending', 'outlay', 'outlays'];
const OUTFLOWS = new Set(METRICS.filter((m) => m.sign === 'outflow').map((m) => m.id));

/**
 * The payment phrasings of the labels of outflow measures, each with its measure; a phrasing `known` already names
 * is left to its own measure, and one two measures' labels both give is neither's (the words then stay unplaced).
 */
export function paymentPhrasings(
  labels: readonly { metricId: string; label: string }[],
  known: (phrase: string) => boolean,
): { phrase: string; metricId: string }[] {
  const byPhrase = new Map<string, string | null>();
  for (const { metricId, label } of labels) {
    if (!OUTFLOWS.has(metricId)) continue;
    const m = PAYMENT_LABEL.exec(norm(label));
    const what = m?.[1];
    if (!what) continue;
    const heads = new Set([what, singularOfLast(what) ?? what, ...(m[2] ? [`${m[2]} ${what}`] : [])]);
    for (const h of heads)
      for (const noun of PAYMENT_NOUNS) {
        const phrase = `${h} ${noun}`;
        if (known(phrase)) continue;
        const had = byPhrase.get(phrase);
        byPhrase.set(phrase, had === undefined || had === metricId ? metricId : null);
      }
  }
  return [...byPhrase].flatMap(([phrase, metricId]) => (metricId ? [{ phrase, metricId }] : []));
}
