/**
 * The narrative golden set (lib/eval/golden/narrative.jsonl): questions over the held 10-Ks and
 * 10-Qs, each with 2–5 key points quoted verbatim from the filings (or none, for questions the
 * filings cannot answer). Scoring:
 *   key-point recall   a key point is recalled when a quoted passage of the same company and fiscal
 *                      year contains it (quote or the heading it is cited under), whitespace- and
 *                      quote-mark-insensitive;
 *   entity-attribute   a passage whose entity, fiscal year, item, heading or text does not match the
 *                      stored chunk it cites is an error (must be 0);
 *   abstention         unanswerable questions must come back insufficient_evidence or
 *                      needs_clarification with no quote.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import type { Answer } from '@/lib/answer/types';
import { wilson } from './score';

export interface KeyPoint {
  ticker: string;
  form: string;
  fiscalYear: number;
  item: string;
  text: string;
}

export interface NarrativeItem {
  id: string;
  question: string;
  pathway: 'detail' | 'comparison' | 'longitudinal';
  expect: { status: 'answered' | 'insufficient_evidence' };
  keyPoints: KeyPoint[];
}

export function loadNarrativeSet(file: string): NarrativeItem[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as NarrativeItem;
      } catch {
        throw new Error(`${file}:${i + 1}: not JSON`);
      }
    });
}

export const normText = (s: string) =>
  s.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/\s+/g, ' ').trim().toLowerCase();

export interface StoredChunk {
  id: string;
  entityId: string;
  ticker: string | null;
  fiscalYear: number | null;
  section: string | null;
  heading: string | null;
  text: string;
}

export interface NarrativeScore {
  id: string;
  pathway: string;
  expected: 'answered' | 'insufficient_evidence';
  status: string;
  keyPoints: number;
  /** key points in a cited passage, anywhere in the answer */
  recalled: number;
  /** key points within the first READER_WORDS words of the answer's text (and in a cited passage of their company and year) */
  recalledInText: number;
  missed: string[];
  /** key points the evidence holds but the first READER_WORDS words of the text do not */
  missedInText: string[];
  /** words of the answer's text */
  words: number;
  entityErrors: { passageId: string; reason: string }[];
  /** unanswerable: abstained without quoting */
  abstainedCorrectly: boolean | null;
  latencyMs: number;
}

/** What an analyst reads before judging an answer: its text's first 300 words. */
export const READER_WORDS = 300;

/** Words of a text (runs of non-space). */
export const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The first `n` words of a text. */
export const firstWords = (s: string, n: number) => s.split(/\s+/).filter(Boolean).slice(0, n).join(' ');

/** Scores one answer against its item, with the stored chunks its passages cite. Pure. */
export function scoreNarrative(item: NarrativeItem, answer: Answer, chunks: Map<string, StoredChunk>): NarrativeScore {
  const entityErrors: NarrativeScore['entityErrors'] = [];
  for (const p of answer.passages) {
    const c = chunks.get(p.chunkId);
    const why: string[] = [];
    if (!c) why.push('cites no stored chunk');
    else {
      if (c.entityId !== p.entity.id) why.push('entity');
      if (c.fiscalYear !== p.fiscalYear) why.push('fiscal year');
      if ((c.section ?? null) !== (p.section ?? null)) why.push('item');
      if ((c.heading ?? null) !== (p.heading ?? null)) why.push('heading');
      if (!normText(c.text).includes(normText(p.quote))) why.push('quote not in chunk');
    }
    if (why.length) entityErrors.push({ passageId: p.id, reason: why.join(', ') });
  }
  const good = answer.passages.filter((p) => !entityErrors.some((e) => e.passageId === p.id));
  const missed: string[] = [];
  const missedInText: string[] = [];
  let recalled = 0;
  let recalledInText = 0;
  const read = normText(firstWords(answer.text, READER_WORDS));
  for (const kp of item.keyPoints) {
    const t = normText(kp.text);
    const hit = good.some((p) => {
      const c = chunks.get(p.chunkId);
      if (!c || (c.ticker ?? '').toUpperCase() !== kp.ticker.toUpperCase() || c.fiscalYear !== kp.fiscalYear) return false;
      return normText(p.quote).includes(t) || normText(p.heading ?? '').includes(t);
    });
    if (hit) recalled++;
    else missed.push(kp.text);
    if (hit && read.includes(t)) recalledInText++;
    else missedInText.push(kp.text);
  }
  const abstained = answer.status === 'insufficient_evidence' || answer.status === 'needs_clarification';
  return {
    id: item.id,
    pathway: item.pathway,
    expected: item.expect.status,
    status: answer.status,
    keyPoints: item.keyPoints.length,
    recalled,
    recalledInText,
    missed,
    missedInText,
    words: wordCount(answer.text),
    entityErrors,
    abstainedCorrectly: item.expect.status === 'insufficient_evidence' ? abstained && answer.passages.length === 0 : null,
    latencyMs: answer.timingMs,
  };
}

/** The stored chunks the answers cite (one query). */
export async function citedChunks(db: Db, answers: Answer[]): Promise<Map<string, StoredChunk>> {
  const ids = [...new Set(answers.flatMap((a) => a.passages.map((p) => p.chunkId)))];
  const out = new Map<string, StoredChunk>();
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    const res = await db.execute(sql`
      select c.id, c.entity_id as "entityId", e.ticker, c.fiscal_year as "fiscalYear", c.section, c.heading, c.text
      from chunks c join entities e on e.id = c.entity_id where c.id in (${sql.join(
        slice.map((x) => sql`${x}`),
        sql`, `,
      )})`);
    for (const r of rowsOf<StoredChunk>(res)) out.set(r.id, r);
  }
  return out;
}

export interface NarrativeReportRow {
  n: number;
  answerable: number;
  keyPoints: number;
  recalled: number;
  recall: ReturnType<typeof wilson>;
  /** key points within the first 300 words of the answer's text */
  recallInText: ReturnType<typeof wilson>;
  /** words of the answers' text (every question of the row) */
  medianWords: number;
  p90Words: number;
  /** mean of per-question recall (answerable questions) */
  macroRecall: number;
  answeredRate: ReturnType<typeof wilson>;
  entityErrors: number;
  unanswerable: number;
  abstention: ReturnType<typeof wilson>;
  latencyP50: number;
}

function pctl(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function narrativeReport(scores: NarrativeScore[]): NarrativeReportRow {
  const answerable = scores.filter((s) => s.expected === 'answered');
  const unanswerable = scores.filter((s) => s.expected === 'insufficient_evidence');
  const kps = answerable.reduce((a, s) => a + s.keyPoints, 0);
  const rec = answerable.reduce((a, s) => a + s.recalled, 0);
  return {
    n: scores.length,
    answerable: answerable.length,
    keyPoints: kps,
    recalled: rec,
    recall: wilson(rec, kps),
    recallInText: wilson(
      answerable.reduce((a, s) => a + s.recalledInText, 0),
      kps,
    ),
    medianWords: median(scores.map((s) => s.words)),
    p90Words: pctl(
      scores.map((s) => s.words),
      90,
    ),
    macroRecall: answerable.length
      ? answerable.reduce((a, s) => a + (s.keyPoints ? s.recalled / s.keyPoints : 1), 0) / answerable.length
      : 0,
    answeredRate: wilson(answerable.filter((s) => s.status === 'answered').length, answerable.length),
    entityErrors: scores.reduce((a, s) => a + s.entityErrors.length, 0),
    unanswerable: unanswerable.length,
    abstention: wilson(unanswerable.filter((s) => s.abstainedCorrectly).length, unanswerable.length),
    latencyP50: pctl(
      scores.map((s) => s.latencyMs),
      50,
    ),
  };
}

export function formatNarrativeSet(name: string, scores: NarrativeScore[]): string {
  const pct = (r: { rate: number; low: number; high: number; k: number; n: number }) =>
    `${(r.rate * 100).toFixed(1)}% [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}] (${r.k}/${r.n})`;
  const row = (label: string, r: NarrativeReportRow) =>
    `${label.padEnd(13)} n=${String(r.n).padEnd(4)} recall in ${READER_WORDS} words ${pct(r.recallInText)} | in evidence ${pct(r.recall)} (per question ${(r.macroRecall * 100).toFixed(1)}%) | words median ${r.medianWords} p90 ${r.p90Words} | answered ${pct(r.answeredRate)} | entity-attribute errors ${r.entityErrors} | abstention ${r.unanswerable ? pct(r.abstention) : '–'} | p50 ${r.latencyP50} ms`;
  const lines = [`== ${name}`, row('overall', narrativeReport(scores))];
  const pathways = [...new Set(scores.map((s) => s.pathway))].sort();
  for (const p of pathways) lines.push(row(p, narrativeReport(scores.filter((s) => s.pathway === p && s.expected === 'answered'))));
  lines.push(row('unanswerable', narrativeReport(scores.filter((s) => s.expected === 'insufficient_evidence'))));
  for (const s of scores) {
    if (s.expected === 'answered' && s.recalledInText < s.keyPoints)
      lines.push(
        `  MISS ${s.id} ${s.recalledInText}/${s.keyPoints} in text (${s.recalled} in evidence, ${s.words} words)${s.status !== 'answered' ? ` (${s.status})` : ''}: ${s.missedInText.map((m) => `${s.missed.includes(m) ? '' : '[evidence] '}“${m.slice(0, 70)}${m.length > 70 ? '…' : ''}”`).join('; ')}`,
      );
    if (s.abstainedCorrectly === false) lines.push(`  FAIL ${s.id}: expected abstention, got ${s.status}`);
    for (const e of s.entityErrors) lines.push(`  ENTITY ${s.id} ${e.passageId}: ${e.reason}`);
  }
  return lines.join('\n');
}

/** What a narrative set's baseline holds (lib/eval/baseline.json): what a reader gets, gated. */
export interface NarrativeBaseline {
  n: number;
  /** key points within the first 300 words of the answers' text */
  recallInText: number;
  /** median words of the answers' text */
  medianWords: number;
  abstention: number;
  entityErrors: number;
  /** key points anywhere in the cited evidence (reported, not gated) */
  keyPointRecall?: number;
}

export function narrativeBaseline(scores: NarrativeScore[]): NarrativeBaseline {
  const r = narrativeReport(scores);
  return {
    n: r.n,
    recallInText: r.recallInText.rate,
    medianWords: r.medianWords,
    abstention: r.abstention.rate,
    entityErrors: r.entityErrors,
    keyPointRecall: r.recall.rate,
  };
}

/** The most words an answer's text may have at the median (the answer-first rule: at most 250 words). */
export const MEDIAN_WORDS = 250;

/**
 * The narrative gate: no entity-attribute error; recall within the first 300 words and abstention
 * not below the baseline; the median answer within 250 words (or the baseline's, if that was lower).
 */
export function narrativeProblems(set: string, now: NarrativeBaseline, b: Partial<NarrativeBaseline> | undefined): string[] {
  const out: string[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  if (now.entityErrors > 0) out.push(`${set}: ${now.entityErrors} entity-attribute error(s)`);
  if (now.medianWords > MEDIAN_WORDS) out.push(`${set}: median answer ${now.medianWords} words > ${MEDIAN_WORDS}`);
  if (b?.recallInText !== undefined && now.recallInText + 1e-9 < b.recallInText)
    out.push(`${set}: key-point recall within ${READER_WORDS} words ${pct(now.recallInText)} < baseline ${pct(b.recallInText)}`);
  if (b?.abstention !== undefined && now.abstention + 1e-9 < b.abstention)
    out.push(`${set}: abstention ${pct(now.abstention)} < baseline ${pct(b.abstention)}`);
  return out;
}
