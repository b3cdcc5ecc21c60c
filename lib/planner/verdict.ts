/**
 * What a yes/no or ranking question asks of the figures it names: "Did Apple revenue exceed $400bn in
 * FY2025?", "Did Alphabet's revenue grow more than 10%?", "Which of Apple, NVIDIA and Alphabet had the
 * highest net margin?", "Rank … by R&D", "Did NVDA grow revenue faster than Apple?". The figures are
 * answered as always; the verdict is said from them (lib/answer/verdict), never instead of them. The
 * threshold's number is the question's, never a period, a scale or a figure.
 */
import { z } from 'zod';

export const verdictSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('threshold'),
    op: z.enum(['>', '<', '>=', '<=']),
    /** in units (dollars, not billions); a percent as a fraction (10% = 0.1) */
    amount: z.number(),
    unit: z.enum(['money', 'percent', 'number']),
    /** the threshold as written */
    text: z.string().max(100),
  }),
  z.object({ kind: z.literal('rank'), order: z.enum(['desc', 'asc']) }),
]);
export type Verdict = z.infer<typeof verdictSchema>;

const OPS: [RegExp, Extract<Verdict, { kind: 'threshold' }>['op']][] = [
  [
    /^(?:exceed(?:ed|s|ing)?|top(?:ped|s)?|surpass(?:ed|es)?|beat|above|over|more\s+than|greater\s+than|higher\s+than|larger\s+than|bigger\s+than|in\s+excess\s+of|north\s+of|cross(?:ed|es)?)$/i,
    '>',
  ],
  [/^(?:below|under|less\s+than|lower\s+than|smaller\s+than|south\s+of|fall\s+short\s+of|fell\s+short\s+of)$/i, '<'],
  [/^(?:at\s+least|no\s+less\s+than|reach(?:ed)?|hit)$/i, '>='],
  [/^(?:at\s+most|no\s+more\s+than)$/i, '<='],
];
const OP_WORDS = String.raw`exceed(?:ed|s|ing)?|top(?:ped|s)?|surpass(?:ed|es)?|beat|above|over|more\s+than|greater\s+than|higher\s+than|larger\s+than|bigger\s+than|in\s+excess\s+of|north\s+of|cross(?:ed|es)?|below|under|less\s+than|lower\s+than|smaller\s+than|south\s+of|fall\s+short\s+of|fell\s+short\s+of|at\s+least|no\s+less\s+than|reach(?:ed)?|hit|at\s+most|no\s+more\s+than`;
const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
};
/** "$400bn", "100 billion", "8 billion dollars", "10%", "USD 2.5 trillion", "10 percent" */
const THRESHOLD = new RegExp(
  String.raw`\b(${OP_WORDS})\s+(?:(?:the\s+)?(?:level\s+of\s+)?)((?:US\$|\$|USD\s*)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(%|percent\b|per\s+cent\b|(?:k|thousand|m|mn|mm|million|b|bn|billion|t|tn|trillion)\b)?(?:\s*(?:dollars|usd)\b)?)`,
  'gi',
);
/** "highest", "the lowest", "rank", "ranked by", "faster than", "the most profitable" */
const RANK =
  /\b(highest|largest|biggest|greatest|strongest|fastest|best|lowest|smallest|weakest|slowest|worst|rank(?:ed|ing)?|faster|slower|outgr[eo]w|outpaced?)\b/gi;

export interface VerdictRead {
  verdict: Verdict | null;
  claims: { start: number; end: number; detail: string }[];
}

export function readVerdict(question: string, entities: number): VerdictRead {
  const claims: VerdictRead['claims'] = [];
  let verdict: Verdict | null = null;
  for (const m of question.matchAll(THRESHOLD)) {
    const [all, opText = '', written = '', digits = '', unitWord = ''] = m;
    const money = /\$|usd|dollars/i.test(written) || /^(?:k|thousand|m|mn|mm|million|b|bn|billion|t|tn|trillion)$/i.test(unitWord);
    const percent = /^(?:%|percent|per\s+cent)$/i.test(unitWord);
    // a bare number ("over 2024", "above 10") is not a threshold the planner can read: left for the other rules
    if (!money && !percent) continue;
    const op = OPS.find(([re]) => re.test(opText.trim()))?.[1];
    if (!op) continue;
    const n = Number(digits.replace(/,/g, ''));
    const amount = percent ? n / 100 : n * (SCALE[unitWord.toLowerCase()] ?? 1);
    if (verdict) return { verdict: null, claims: [] };
    verdict = { kind: 'threshold', op, amount, unit: percent ? 'percent' : 'money', text: written.trim() };
    claims.push({ start: m.index!, end: m.index! + all.length, detail: `threshold ${op} ${written.trim()}` });
  }
  if (verdict) return { verdict, claims };
  // a ranking needs something to rank: several companies (one company's periods are a series, said in order)
  if (entities < 2) return { verdict: null, claims: [] };
  let order: 'desc' | 'asc' | null = null;
  for (const m of question.matchAll(RANK)) {
    const w = m[1]!.toLowerCase();
    const o = /^(lowest|smallest|weakest|slowest|worst)$/.test(w) ? 'asc' : 'desc';
    if (order && order !== o && !/^rank/.test(w)) return { verdict: null, claims: [] };
    if (!/^rank/.test(w) || !order) order = /^rank/.test(w) ? (order ?? 'desc') : o;
    claims.push({ start: m.index!, end: m.index! + m[0].length, detail: 'rank' });
  }
  // "ranked by", "rank … by": the "by" belongs to the ranking
  for (const m of question.matchAll(/\brank(?:ed|ing)?\b[^.?!]*?\b(by)\b/gi)) {
    const s = m.index! + m[0].length - 2;
    claims.push({ start: s, end: s + 2, detail: 'rank' });
  }
  return order ? { verdict: { kind: 'rank', order }, claims } : { verdict: null, claims: [] };
}
