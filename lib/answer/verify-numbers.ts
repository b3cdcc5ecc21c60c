/**
 * The check an LLM's wording must pass: every number in it matches a value of the evidence manifest
 * (after unit, scale and rounding normalization) and sits next to a citation marker [vN] of that value.
 */
import type { Answer } from './types';

export interface NumberCheck {
  ok: boolean;
  problems: string[];
}

interface Known {
  id: string;
  /** candidate readings of the value as a plain number, in the units a writer might use */
  readings: number[];
}

const SCALE_WORDS: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  lakh: 1e5,
  million: 1e6,
  mn: 1e6,
  m: 1e6,
  crore: 1e7,
  cr: 1e7,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
};

function knownValues(answer: Answer): Known[] {
  const out: Known[] = [];
  const add = (id: string, value: number, unit: string) => {
    const readings = [value];
    if (unit === 'ratio') readings.push(value * 100);
    out.push({ id, readings });
  };
  for (const v of answer.values) {
    add(v.id, v.value, v.unit);
    for (const i of v.inputs) add(i.id, i.value, i.unit);
  }
  return out;
}

/** Numbers as written: "12.0%", "₹1,200 crore", "$24.6 billion", "−6.0 pp", "8,45,512.61". Years and fiscal labels are ignored. */
export function numbersIn(text: string): { raw: string; value: number; decimals: number; index: number }[] {
  const out: { raw: string; value: number; decimals: number; index: number }[] = [];
  const re =
    /(?<![\w.])([−-])?[$₹€£]?\s?(\d[\d,]*(?:\.\d+)?)\s?(%|pp|percentage points?|thousand|lakh|million|crore|billion|trillion|bn|mn|cr)?(?![\w])/gi;
  for (const m of text.matchAll(re)) {
    const before = text.slice(Math.max(0, m.index! - 3), m.index!);
    const body = m[2]!;
    if (/(?:FY|Q[1-4]|H[12]|CY|\[v)$/i.test(before) || /^(19|20)\d{2}$/.test(body)) continue;
    if (
      /^\d{1,2}$/.test(body) &&
      /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 5))
    )
      continue;
    const n = Number(body.replace(/,/g, ''));
    const unit = (m[3] ?? '').toLowerCase();
    const scale = SCALE_WORDS[unit] ?? 1;
    const decimals = (body.split('.')[1] ?? '').length;
    out.push({ raw: m[0].trim(), value: (m[1] ? -1 : 1) * n * scale, decimals, index: m.index! });
  }
  return out;
}

function matches(written: { value: number; decimals: number; raw: string }, k: Known): boolean {
  return k.readings.some((r) => {
    const scaleWord = Object.entries(SCALE_WORDS).find(([w]) => new RegExp(`\\b${w}\\b`, 'i').test(written.raw));
    const unit = scaleWord ? scaleWord[1] : 1;
    const tolerance = 0.5 * 10 ** -written.decimals * unit;
    return (
      Math.abs(Math.abs(r) - Math.abs(written.value)) <= tolerance + 1e-9 * Math.abs(r) && Math.sign(r) * Math.sign(written.value) >= 0
    );
  });
}

export function verifyNumbers(text: string, answer: Answer): NumberCheck {
  const known = knownValues(answer);
  const problems: string[] = [];
  for (const n of numbersIn(text)) {
    const after = text.slice(n.index, n.index + n.raw.length + 12);
    const marker = /\[(v\d+(?:\.in\d+)?)\]/.exec(after)?.[1];
    const candidates = known.filter((k) => matches(n, k));
    if (candidates.length === 0) problems.push(`“${n.raw}” is not a value of the evidence`);
    else if (!marker) problems.push(`“${n.raw}” has no citation marker`);
    else if (!candidates.some((c) => c.id === marker))
      problems.push(`“${n.raw}” is cited as [${marker}] but matches ${candidates.map((c) => c.id).join(', ')}`);
  }
  return { ok: problems.length === 0, problems };
}
