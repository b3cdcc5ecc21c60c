/**
 * Income a filer labels by the thing it is received for, asked by that thing and a verb of receiving: a label
 * "<thing>-al income" ("Rental income") is asked as the money collected in, received from or earned on the
 * thing ("how much did it collect in rent", "rents received", "how much rent did it take in"). The thing is the
 * label's own word without its adjective ending ("rental" → "rent"), so the phrase comes from the filer's
 * label, never from a list of measures; only verbs of money coming in are read, so rent paid never names it.
 */

/** Verbs of money coming in, as normalized words. */
const RECEIVE = [
  'collect',
  'collects',
  'collected',
  'receive',
  'receives',
  'received',
  'earn',
  'earns',
  'earned',
  'take in',
  'took in',
  'takes in',
  'bring in',
  'brought in',
  'brings in',
];
const LINKS = ['', 'in ', 'from ', 'on '];

/** "Rental income" → "collect in rent", "rents received", "rent did collect" (normalized, lower case); [] for any other label. */
export function receivedPhrases(label: string): string[] {
  const m = /^([a-z]{3,})al (?:income|revenues?)$/.exec(label.trim().toLowerCase());
  const thing = m?.[1];
  if (!thing) return [];
  const things = [thing, `${thing}s`];
  const out: string[] = [];
  for (const t of things) {
    for (const v of RECEIVE) {
      for (const l of LINKS) out.push(`${v} ${l}${t}`);
      // the thing asked before its verb ("rents received", "how much rent did it collect": the company's name read around)
      out.push(`${t} ${v}`, `${t} did ${v}`);
    }
  }
  return out;
}
