/**
 * FinanceBench on the documents held in `../shared/data/financebench/pdfs`: a fresh embedded
 * database, every held PDF ingested (annual filings first, so a quarterly filing or an earnings
 * release of the same company finds its calendar), every question whose document is held asked
 * through the same answer pipeline as the app, numeric gold answers scored (1% relative; percent vs
 * fraction and thousands/millions/billions handled), per question type and next to the paper's
 * reference rows, plus extraction statistics per document. A wrong number is worse than an
 * abstention: the gate counts both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Answer } from '@/lib/answer/types';
import type { Database } from '@/lib/db/client';
import { openEvalDatabase } from './eval-database';
import { migrate } from '@/lib/db/migrate';
import { ingestBytes, type IngestOutcome } from '@/lib/ingest/ingest-file';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { gradeFinanceBench, type FinanceBenchGrade } from './financebench-judge';
import { type KeyFactQuestion, type KeyFactScore, type KeyFactVerdict, scoreKeyFacts } from './financebench-keyfacts';

export const FINANCEBENCH_TENANT = 'financebench';

export interface FinanceBenchQuestion {
  id: string;
  company: string;
  docName: string;
  questionType: string;
  question: string;
  answer: string;
}

/** The paper's reference points on the full open-source set (share of questions answered correctly). */
export const REFERENCE_ROWS: { system: string; correct: number }[] = [
  { system: 'GPT-4-Turbo, shared vector store', correct: 0.19 },
  { system: 'GPT-4-Turbo, per-document retrieval', correct: 0.5 },
  { system: 'GPT-4-Turbo, long context', correct: 0.79 },
];

/** Questions of the open-source file whose document is held (a PDF named after its doc_name). */
export function loadFinanceBench(dir: string): { questions: FinanceBenchQuestion[]; pdfs: string[] } {
  const pdfDir = path.join(dir, 'pdfs');
  const qFile = path.join(dir, 'financebench_open_source.jsonl');
  if (!fs.existsSync(pdfDir) || !fs.existsSync(qFile)) throw new Error(`financebench: ${pdfDir} or ${qFile} is missing`);
  const pdfs = fs
    .readdirSync(pdfDir)
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .sort();
  const held = new Set(pdfs.map((f) => f.replace(/\.pdf$/i, '')));
  const questions = fs
    .readFileSync(qFile, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map(
      (l) =>
        JSON.parse(l) as {
          financebench_id: string;
          company: string;
          doc_name: string;
          question_type: string;
          question: string;
          answer: string;
        },
    )
    .filter((q) => held.has(q.doc_name))
    .map((q) => ({
      id: q.financebench_id,
      company: q.company,
      docName: q.doc_name,
      questionType: q.question_type,
      question: q.question,
      answer: q.answer,
    }));
  return { questions, pdfs: pdfs.map((f) => path.join(pdfDir, f)) };
}

/** The gold answer as a number when it is one ("$1577.00", "0.54", "16.5%", "$9.1 billion"), else null. */
export function numericGold(answer: string): { value: number; percent: boolean } | null {
  const t = answer.trim().replace(/\s+/g, ' ');
  const m = /^(-)?\$?\s*(-)?\(?([\d,]*\.?\d+)\)?\s*(%|percent|million|billion|thousand|bn|mn)?\.?$/i.exec(t);
  if (!m) return null;
  let v = Number(m[3]!.replace(/,/g, ''));
  if (!Number.isFinite(v)) return null;
  if (m[1] || m[2] || /^\(.*\)$/.test(t.replace(/^\$/, ''))) v = -v;
  const unit = (m[4] ?? '').toLowerCase();
  if (unit === 'million' || unit === 'mn') v *= 1e6;
  if (unit === 'billion' || unit === 'bn') v *= 1e9;
  if (unit === 'thousand') v *= 1e3;
  return { value: v, percent: unit === '%' || unit === 'percent' };
}

/**
 * Whether an answered value matches the gold within 1% relative. The gold states money in the unit
 * its question asks for (usually USD millions) and ratios as percents or fractions, so the value is
 * compared at each power of a thousand and as a fraction or a percent.
 */
export function matchesGold(value: number, gold: { value: number; percent: boolean }): boolean {
  const close = (a: number, b: number) => (b === 0 ? Math.abs(a) < 1e-9 : Math.abs(a - b) <= 0.01 * Math.abs(b));
  const candidates = [value, value * 100, value / 100, value / 1e3, value / 1e6, value / 1e9];
  return candidates.some((c) => close(c, gold.value));
}

export type Verdict = 'correct' | 'wrong' | 'abstained';

export interface FinanceBenchScore {
  id: string;
  docName: string;
  questionType: string;
  question: string;
  gold: string;
  numeric: boolean;
  status: Answer['status'];
  answered: string | null;
  verdict: Verdict | null;
  latencyMs: number;
  /** the answer's text (its first 300 words are what the key-fact scorer reads) */
  text?: string;
  /** the answer gave figures (values), not only quotes */
  hasValues?: boolean;
  /** the key-fact scorer's result, when the question has key facts */
  keyFacts?: KeyFactScore | null;
  /** a judgement question (a verdict built from computed figures and a rule) */
  judgement?: boolean;
  /** the optional LLM judge's grade, or why there is none */
  judged?: FinanceBenchGrade | { skipped: string } | null;
}

export interface KeyFactTally {
  n: number;
  correct: number;
  wrong: number;
  incomplete: number;
  abstained: number;
  /** correct when a number fact's variants (another common definition) are accepted too */
  lenientCorrect: number;
}

export interface DocumentStats {
  file: string;
  status: string;
  entity: string | null;
  ticker: string | null;
  fiscalYearEnd: string | null;
  form: string | null;
  numericCells: number;
  bound: number;
  quarantined: number;
  byReason: Record<string, number>;
  /** the primary statements' numeric cells only (income, comprehensive income, balance sheet, cash flows, equity: by their printed title) */
  statementCells: number;
  statementBound: number;
  statementByReason: Record<string, number>;
  durationMs: number;
  error: string | null;
}

export interface FinanceBenchRun {
  set: 'financebench';
  documents: DocumentStats[];
  scores: FinanceBenchScore[];
  numeric: { n: number; correct: number; wrong: number; abstained: number };
  byType: Record<string, { n: number; numeric: number; correct: number; wrong: number; abstained: number; answered: number }>;
  /** the key-fact scorer over every question with key facts: overall, by question type, and the judgement questions */
  keyFacts: { all: KeyFactTally; byType: Record<string, KeyFactTally>; judgement: KeyFactTally };
  /** the LLM judge's grades, when a judge was configured */
  judged: { n: number; correct: number; incorrect: number; abstained: number; skipped: number } | null;
  ingestMs: number;
}

/** Annual filings first, then quarterly filings, then releases (their calendars come from the annual ones). */
function ingestOrder(file: string): number {
  const f = path.basename(file).toUpperCase();
  return /10-?K|ANNUAL|20-?F/.test(f) ? 0 : /10-?Q/.test(f) ? 1 : 2;
}

function describeYearEnd(y: unknown): string | null {
  const r = y as { kind: string; month: number; day?: number; weekday?: number; rule?: string } | null;
  if (!r) return null;
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][r.month - 1];
  if (r.kind === 'fixed') return `${mon} ${r.day}`;
  const wd = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][r.weekday ?? 0];
  return `${r.rule} ${wd} ${r.rule === 'nearest' ? 'to end of' : 'of'} ${mon}`;
}

/**
 * The documents ingested into an embedded database of their own (`dataDir`, else a temporary folder that
 * closing it removes). With `reuse` and a `dataDir` already built by an earlier run, the database and its
 * document statistics are reused (a development loop: delete the folder after an ingestion change).
 */
export async function prepareFinanceBench(
  pdfs: string[],
  o: { dataDir?: string; reuse?: boolean; log?: (s: string) => void } = {},
): Promise<{ database: Database; documents: DocumentStats[]; ingestMs: number }> {
  const database = await openEvalDatabase(o.dataDir, 'ledgerline-financebench-');
  const built = o.dataDir ? path.join(o.dataDir, '.financebench-documents.json') : null;
  if (o.reuse && built && fs.existsSync(built)) {
    await migrate(database);
    const documents = JSON.parse(fs.readFileSync(built, 'utf8')) as DocumentStats[];
    o.log?.(`  reusing ${documents.length} documents ingested in ${o.dataDir}`);
    return { database, documents, ingestMs: 0 };
  }
  const documents: DocumentStats[] = [];
  const t0 = Date.now();
  try {
    await migrate(database);
    for (const file of [...pdfs].sort((a, b) => ingestOrder(a) - ingestOrder(b) || a.localeCompare(b))) {
      const outcome: IngestOutcome = await ingestBytes(fs.readFileSync(file), path.basename(file), {
        db: database.db,
        tenantId: FINANCEBENCH_TENANT,
      });
      documents.push(await documentStats(database, outcome));
      const d = documents[documents.length - 1]!;
      o.log?.(
        `  ${d.file}: ${d.status} ${d.entity ?? '-'} (FYE ${d.fiscalYearEnd ?? '?'}), ${d.bound}/${d.numericCells} cells bound, ${d.durationMs} ms`,
      );
    }
  } catch (e) {
    await database.close();
    throw e;
  }
  if (o.reuse && built) fs.writeFileSync(built, JSON.stringify(documents));
  return { database, documents, ingestMs: Date.now() - t0 };
}

async function documentStats(database: Database, o: IngestOutcome): Promise<DocumentStats> {
  const base: DocumentStats = {
    file: o.fileName,
    status: o.status,
    entity: null,
    ticker: null,
    fiscalYearEnd: null,
    form: null,
    numericCells: 0,
    bound: 0,
    quarantined: 0,
    byReason: {},
    statementCells: 0,
    statementBound: 0,
    statementByReason: {},
    durationMs: o.durationMs,
    error: o.error ? `${o.error.code}: ${o.error.message}` : null,
  };
  if (!o.sourceId) return base;
  const [row] = await database.query<{
    name: string;
    ticker: string | null;
    form: string | null;
    counters: Record<string, number> | null;
    year_end: unknown;
  }>(
    `select e.name, e.ticker, s.form, s.metadata->'counters' as counters,
            (select c.year_end from fiscal_calendars c where c.entity_id = e.id and c.superseded_at is null order by c.effective_from desc limit 1) as year_end
     from sources s join entities e on e.id = s.entity_id where s.id = $1`,
    [o.sourceId],
  );
  if (!row) return base;
  const c = (row.counters ?? {}) as {
    numericCells?: number;
    bound?: number;
    quarantined?: number;
    byReason?: Record<string, number>;
    statementCells?: number;
    statementBound?: number;
    statementByReason?: Record<string, number>;
  };
  return {
    ...base,
    entity: row.name,
    ticker: row.ticker,
    form: row.form,
    fiscalYearEnd: describeYearEnd(row.year_end),
    numericCells: c.numericCells ?? 0,
    bound: c.bound ?? 0,
    quarantined: c.quarantined ?? 0,
    byReason: c.byReason ?? {},
    statementCells: c.statementCells ?? 0,
    statementBound: c.statementBound ?? 0,
    statementByReason: c.statementByReason ?? {},
  };
}

/** The first reported or derived number of an answer (what a reader takes as "the answer"). */
function answeredNumber(a: Answer): number | null {
  const v = a.values[0];
  return v && typeof v.value === 'number' && Number.isFinite(v.value) ? v.value : null;
}

export function scoreFinanceBench(q: FinanceBenchQuestion, a: Answer, latencyMs: number, facts?: KeyFactQuestion): FinanceBenchScore {
  const gold = numericGold(q.answer);
  const n = a.status === 'answered' ? answeredNumber(a) : null;
  let verdict: Verdict | null = null;
  if (gold) verdict = n === null ? 'abstained' : matchesGold(n, gold) ? 'correct' : 'wrong';
  return {
    id: q.id,
    docName: q.docName,
    questionType: q.questionType,
    question: q.question,
    gold: q.answer,
    numeric: !!gold,
    status: a.status,
    answered: a.status === 'answered' ? (a.values[0]?.display ?? a.text.slice(0, 160)) : null,
    verdict,
    latencyMs,
    text: a.text,
    hasValues: a.values.length > 0,
    keyFacts: facts
      ? scoreKeyFacts(facts.keyFacts, { answered: a.status === 'answered', text: a.text, hasValues: a.values.length > 0 })
      : null,
    judgement: !!facts?.judgement,
  };
}

export interface RunFinanceBenchOptions {
  log?: (s: string) => void;
  /** key facts by FinanceBench id (golden/financebench-keyfacts.jsonl) */
  keyFacts?: Map<string, KeyFactQuestion>;
  /** the optional LLM judge */
  judge?: LanguageModelV3 | null;
  /** keep and reuse the ingested database here (development loop) */
  dataDir?: string;
  /** only these FinanceBench ids (development loop; the gate reads full runs only) */
  only?: string[];
}

export async function runFinanceBench(dir: string, o: RunFinanceBenchOptions = {}): Promise<FinanceBenchRun> {
  const { questions: all, pdfs } = loadFinanceBench(dir);
  const only = o.only ?? [];
  const questions = only.length ? all.filter((q) => only.some((id) => q.id.endsWith(id))) : all;
  const { database, documents, ingestMs } = await prepareFinanceBench(pdfs, { ...o, reuse: !!o.dataDir });
  const scores: FinanceBenchScore[] = [];
  try {
    const companyOf = new Map(documents.map((d) => [d.file.replace(/\.pdf$/i, ''), d.entity]));
    for (const q of questions) {
      const t0 = Date.now();
      const ask = (question: string) =>
        answerQuestion({
          db: database.db,
          tenantId: FINANCEBENCH_TENANT,
          userId: null,
          role: 'analyst',
          question,
          store: false,
          cache: false,
        });
      let a = await ask(q.question);
      // FinanceBench poses every question against its document: asked back which company, the analyst picks the
      // document's company, as the clarification chip does (the question completed with the company's name)
      const company = companyOf.get(q.docName);
      if (isCompanyClarification(a) && company) a = await ask(companyChip(q.question, company));
      const s = scoreFinanceBench(q, a, Date.now() - t0, o.keyFacts?.get(q.id));
      if (o.judge) s.judged = await judged(o.judge, q, a);
      scores.push(s);
    }
  } finally {
    await database.close();
  }
  return { set: 'financebench', documents, scores, ...summarize(scores), ingestMs };
}

/** The answer asks which company the question is about (no company of the workspace is named). */
export function isCompanyClarification(a: Answer): boolean {
  return a.status === 'needs_clarification' && a.clarification?.question === 'Which company do you mean?';
}

/** The question completed with the chosen company, as a company clarification chip rewrites it. */
export function companyChip(question: string, company: string): string {
  return `${question} (${company})`;
}

async function judged(model: LanguageModelV3, q: FinanceBenchQuestion, a: Answer): Promise<FinanceBenchScore['judged']> {
  try {
    return await gradeFinanceBench({ model, generator: null, question: q.question, gold: q.answer, answer: a.text });
  } catch (e) {
    return { skipped: (e as Error).message.slice(0, 200) };
  }
}

/** A stored run scored again with the key facts (after a scorer change: the answers' texts are in the run). */
export function rescoreFinanceBench(run: FinanceBenchRun, keyFacts: Map<string, KeyFactQuestion>): FinanceBenchRun {
  const scores = run.scores.map((s) => {
    const facts = keyFacts.get(s.id);
    const keyFactsScore = facts
      ? scoreKeyFacts(facts.keyFacts, {
          answered: s.status === 'answered',
          text: s.text ?? '',
          hasValues: s.numeric ? s.answered !== null : !!s.hasValues,
        })
      : null;
    return { ...s, keyFacts: keyFactsScore, judgement: !!facts?.judgement };
  });
  return { ...run, scores, ...summarize(scores) };
}

const emptyTally = (): KeyFactTally => ({ n: 0, correct: 0, wrong: 0, incomplete: 0, abstained: 0, lenientCorrect: 0 });

function tally(t: KeyFactTally, v: KeyFactVerdict, lenientCorrect: boolean) {
  t.n++;
  t[v]++;
  if (lenientCorrect) t.lenientCorrect++;
}

export function summarize(scores: FinanceBenchScore[]): Pick<FinanceBenchRun, 'numeric' | 'byType' | 'keyFacts' | 'judged'> {
  const numeric = { n: 0, correct: 0, wrong: 0, abstained: 0 };
  const byType: FinanceBenchRun['byType'] = {};
  const keyFacts: FinanceBenchRun['keyFacts'] = { all: emptyTally(), byType: {}, judgement: emptyTally() };
  let judgedTally: FinanceBenchRun['judged'] = null;
  for (const s of scores) {
    if (s.keyFacts) {
      const lenient = s.keyFacts.lenientCorrect;
      tally(keyFacts.all, s.keyFacts.verdict, lenient);
      tally((keyFacts.byType[s.questionType] ??= emptyTally()), s.keyFacts.verdict, lenient);
      if (s.judgement) tally(keyFacts.judgement, s.keyFacts.verdict, lenient);
    }
    if (s.judged) {
      judgedTally ??= { n: 0, correct: 0, incorrect: 0, abstained: 0, skipped: 0 };
      judgedTally.n++;
      if ('skipped' in s.judged) judgedTally.skipped++;
      else judgedTally[s.judged.grade]++;
    }
    const t = (byType[s.questionType] ??= { n: 0, numeric: 0, correct: 0, wrong: 0, abstained: 0, answered: 0 });
    t.n++;
    if (s.status === 'answered') t.answered++;
    if (!s.numeric || !s.verdict) continue;
    t.numeric++;
    t[s.verdict]++;
    numeric.n++;
    numeric[s.verdict]++;
  }
  return { numeric, byType, keyFacts, judged: judgedTally };
}

/**
 * The two extraction rates the gate holds (rounded down to 0.001): numeric cells bound over all tables
 * of all documents (statements, notes, MD&A; the issue's gated metric since it was set), and over the
 * primary statements only.
 */
export function boundRates(documents: DocumentStats[]): { boundRate: number; statementBoundRate: number } {
  const sum = (f: (d: DocumentStats) => number) => documents.reduce((n, d) => n + f(d), 0);
  const rate = (k: number, n: number) => (n ? Math.floor((k / n) * 1000) / 1000 : 0);
  return {
    boundRate: rate(
      sum((d) => d.bound),
      sum((d) => d.numericCells),
    ),
    statementBoundRate: rate(
      sum((d) => d.statementBound),
      sum((d) => d.statementCells),
    ),
  };
}

export function formatFinanceBench(run: FinanceBenchRun): string {
  const pct = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)}%` : '—');
  const lines = ['== financebench', `documents: ${run.documents.length} ingested in ${(run.ingestMs / 1000).toFixed(1)} s`];
  lines.push(
    `${'document'.padEnd(32)} ${'entity'.padEnd(30)} ${'FYE'.padEnd(24)}  all tables: cells  bound | statements: cells  bound | quarantined by reason (all tables; statements)`,
  );
  let cells = 0;
  let bound = 0;
  let sCells = 0;
  let sBound = 0;
  const reasons = (r: Record<string, number>) =>
    Object.entries(r)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || '-';
  for (const d of run.documents) {
    cells += d.numericCells;
    bound += d.bound;
    sCells += d.statementCells;
    sBound += d.statementBound;
    lines.push(
      `${d.file.padEnd(32)} ${(d.entity ?? d.error ?? d.status).slice(0, 30).padEnd(30)} ${(d.fiscalYearEnd ?? '?').padEnd(24)} ${String(d.numericCells).padStart(18)} ${pct(d.bound, d.numericCells).padStart(6)} | ${String(d.statementCells).padStart(17)} ${pct(d.statementBound, d.statementCells).padStart(6)} | ${reasons(d.byReason)}; ${reasons(d.statementByReason)}`,
    );
  }
  lines.push(`all documents, all tables: ${bound}/${cells} numeric cells bound (${pct(bound, cells)})`);
  lines.push(`all documents, primary statements: ${sBound}/${sCells} numeric cells bound (${pct(sBound, sCells)})`);
  lines.push('', `${'question type'.padEnd(20)} questions  answered  numeric  correct  wrong  abstained`);
  for (const [t, x] of Object.entries(run.byType).sort())
    lines.push(
      `${t.padEnd(20)} ${String(x.n).padStart(9)} ${String(x.answered).padStart(9)} ${String(x.numeric).padStart(8)} ${String(x.correct).padStart(8)} ${String(x.wrong).padStart(6)} ${String(x.abstained).padStart(10)}`,
    );
  const n = run.numeric;
  lines.push(
    `${'numeric gold'.padEnd(20)} ${String(n.n).padStart(9)} ${''.padStart(9)} ${String(n.n).padStart(8)} ${String(n.correct).padStart(8)} ${String(n.wrong).padStart(6)} ${String(n.abstained).padStart(10)}   correct ${pct(n.correct, n.n)}, wrong ${pct(n.wrong, n.n)}`,
  );
  lines.push('', 'reference (paper, full open-source set, all question types):');
  for (const r of REFERENCE_ROWS) lines.push(`  ${r.system.padEnd(40)} ${(r.correct * 100).toFixed(0)}% correct`);
  lines.push(`  ${'Ledgerline (held documents, numeric gold)'.padEnd(40)} ${pct(n.correct, n.n)} correct, ${pct(n.wrong, n.n)} wrong`);
  for (const s of run.scores.filter((x) => x.numeric))
    lines.push(
      `  ${s.verdict?.toUpperCase().padEnd(9)} ${s.id} ${s.docName}: gold ${s.gold} · got ${s.answered ?? s.status} — ${s.question.slice(0, 110)}`,
    );
  lines.push(...formatKeyFacts(run));
  return lines.join('\n');
}

/** The key-fact scorer's table (by question type, the judgement questions, all) and each question's verdict. */
function formatKeyFacts(run: FinanceBenchRun): string[] {
  const k = run.keyFacts;
  if (k.all.n === 0) return [];
  const pct = (x: number, n: number) => (n ? `${((100 * x) / n).toFixed(1)}%` : '—');
  const row = (name: string, t: KeyFactTally) =>
    `${name.padEnd(20)} ${String(t.n).padStart(9)} ${String(t.correct).padStart(8)} ${String(t.wrong).padStart(6)} ${String(t.incomplete).padStart(11)} ${String(t.abstained).padStart(10)}   correct ${pct(t.correct, t.n)}, wrong ${pct(t.wrong, t.n)}; with variants ${pct(t.lenientCorrect, t.n)}`;
  const lines = ['', 'key facts (first 300 words of each answer; golden/financebench-keyfacts.md):'];
  lines.push(`${'question type'.padEnd(20)} questions  correct  wrong  incomplete  abstained`);
  for (const [t, x] of Object.entries(k.byType).sort()) lines.push(row(t, x));
  lines.push(row('judgement', k.judgement), row('all', k.all));
  if (run.judged) {
    const j = run.judged;
    lines.push(`LLM judge: ${j.correct} correct, ${j.incorrect} incorrect, ${j.abstained} abstained of ${j.n} (${j.skipped} not graded)`);
  }
  for (const s of run.scores) {
    if (!s.keyFacts) continue;
    const f = s.keyFacts;
    const said = (s.text ?? '').replace(/\s+/g, ' ').slice(0, 140);
    lines.push(
      `  ${f.verdict.toUpperCase().padEnd(10)} ${s.id.slice(-5)} ${s.docName.padEnd(28)} ${f.requiredFound}/${f.required} required${f.contradiction ? ` (${f.contradiction})` : ''} · ${said}`,
    );
  }
  return lines;
}
