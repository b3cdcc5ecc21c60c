/**
 * Export rows: every number of an answer, comparison or facts-browser view with what an analyst needs
 * to reuse it outside Ledgerline — entity, measure, exact period bounds, unit, currency, scale, the
 * source filing and the fact id. Pure (no database), so the browser's "copy with citations" and the
 * CSV/XLSX downloads say the same thing.
 */
import type { Answer, AnswerInput, AnswerValue } from '@/lib/answer/types';

export interface ExportRow {
  /** "v1", "v1.in2" for an operand of v1, or a fact id for facts-browser rows */
  ref: string;
  entity: string;
  ticker: string;
  measure: string;
  metric: string;
  value: string;
  display: string;
  unit: string;
  currency: string;
  scale: string;
  periodType: string;
  periodStart: string;
  periodEnd: string;
  fiscalPeriod: string;
  basis: string;
  formula: string;
  sourceForm: string;
  sourceAccession: string;
  sourceTitle: string;
  filedAt: string;
  table: string;
  row: string;
  column: string;
  factIds: string;
  sourceIds: string;
}

export const EXPORT_COLUMNS: { key: keyof ExportRow; header: string }[] = [
  { key: 'ref', header: 'Ref' },
  { key: 'entity', header: 'Entity' },
  { key: 'ticker', header: 'Ticker' },
  { key: 'measure', header: 'Measure' },
  { key: 'metric', header: 'Metric id' },
  { key: 'value', header: 'Value (base units)' },
  { key: 'display', header: 'As displayed' },
  { key: 'unit', header: 'Unit' },
  { key: 'currency', header: 'Currency' },
  { key: 'scale', header: 'Scale' },
  { key: 'periodType', header: 'Period type' },
  { key: 'periodStart', header: 'Period start' },
  { key: 'periodEnd', header: 'Period end' },
  { key: 'fiscalPeriod', header: 'Fiscal period' },
  { key: 'basis', header: 'Basis' },
  { key: 'formula', header: 'Formula' },
  { key: 'sourceForm', header: 'Source form' },
  { key: 'sourceAccession', header: 'Source accession' },
  { key: 'sourceTitle', header: 'Source title' },
  { key: 'filedAt', header: 'Filed' },
  { key: 'table', header: 'Source table' },
  { key: 'row', header: 'Source row' },
  { key: 'column', header: 'Source column' },
  { key: 'factIds', header: 'Fact id(s)' },
  { key: 'sourceIds', header: 'Source id(s)' },
];

const SCALE_WORD = /\b(thousand|million|billion|lakh|crore)\b/;

/** The scale a display was written in ("crore", "million"; "units" when none). */
export function displayScaleWord(display: string, unit: string): string {
  if (unit === 'ratio') return 'percent';
  return SCALE_WORD.exec(display)?.[1] ?? 'units';
}

function uniq(xs: (string | null | undefined)[]): string {
  return [...new Set(xs.filter((x): x is string => !!x))].join('; ');
}

function rowOf(v: AnswerValue | AnswerInput, owner: AnswerValue, ref: string): ExportRow {
  const cs = v.citations;
  return {
    ref,
    entity: owner.entity.name,
    ticker: owner.entity.ticker ?? '',
    measure: v.label,
    metric: v.metric,
    value: String(v.value),
    display: v.display,
    unit: v.unit,
    currency: v.currency ?? '',
    scale: displayScaleWord(v.display, v.unit),
    periodType: v.period.type,
    periodStart: v.period.start ?? '',
    periodEnd: v.period.end,
    fiscalPeriod: v.period.label,
    basis: v.basis,
    formula: v.formula ?? '',
    sourceForm: uniq(cs.map((c) => c.form)),
    sourceAccession: uniq(cs.map((c) => c.accession)),
    sourceTitle: uniq(cs.map((c) => c.sourceTitle)),
    filedAt: uniq(cs.map((c) => c.filedAt)),
    table: uniq(cs.map((c) => c.table)),
    row: uniq(cs.map((c) => c.row)),
    column: uniq(cs.map((c) => (c.columnPath.length ? c.columnPath.join(' › ') : c.column))),
    factIds: uniq(v.factIds.length ? v.factIds : cs.map((c) => c.factId)),
    sourceIds: uniq(cs.map((c) => c.sourceId)),
  };
}

/** Every number of an answer: each value, then each operand it was computed from. */
export function answerExportRows(answer: Answer): ExportRow[] {
  return answer.values.flatMap((v) => [rowOf(v, v, v.id), ...v.inputs.map((inp) => rowOf(inp, v, inp.id))]);
}

/** RFC 4180 CSV with a header row; cells that a spreadsheet would run as a formula are quoted with a leading apostrophe. */
export function toCsv(rows: ExportRow[]): string {
  return csvHeader() + csvRows(rows);
}

function csvCell(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV header line (CRLF-terminated). */
export function csvHeader(): string {
  return `${EXPORT_COLUMNS.map((c) => csvCell(c.header)).join(',')}\r\n`;
}

/** CSV lines of `rows` (each CRLF-terminated), to follow csvHeader() — a streamed export writes them page by page. */
export function csvRows(rows: ExportRow[]): string {
  let out = '';
  for (const r of rows) out += `${EXPORT_COLUMNS.map((c) => csvCell(r[c.key])).join(',')}\r\n`;
  return out;
}

/**
 * The answer as text with numbered citations — for pasting into a note or an e-mail: each number is
 * followed by [n], and the list below names entity, measure, exact period, unit and scale, filing and fact id.
 */
export function citedText(answer: Answer, question?: string): string {
  const rows = answerExportRows(answer);
  const index = new Map(rows.map((r, i) => [r.ref, i + 1]));
  const body = answer.segments
    .map((s) => (s.type === 'value' && index.has(s.valueId) ? `${s.text} [${index.get(s.valueId)}]` : s.text))
    .join('')
    .trim();
  const refs = rows.map((r, i) => {
    const period = r.periodStart ? `${r.periodStart} to ${r.periodEnd}` : `at ${r.periodEnd}`;
    const source = [r.sourceForm, r.sourceAccession, r.filedAt && `filed ${r.filedAt}`].filter(Boolean).join(' ');
    const where = [r.table, r.row && `row “${r.row}”`].filter(Boolean).join(', ');
    return `[${i + 1}] ${r.entity} — ${r.measure}, ${r.fiscalPeriod} (${period}): ${r.display} (${r.unit}${r.currency && r.currency !== r.unit ? ` ${r.currency}` : ''}, ${r.scale})${r.formula ? `, ${r.basis}: ${r.formula}` : ''}. ${source}${where ? `; ${where}` : ''}. Fact ${r.factIds}.`;
  });
  return [question ? `Q: ${question}` : null, body, refs.length ? '' : null, ...refs].filter((x) => x !== null).join('\n');
}
