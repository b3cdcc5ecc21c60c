import type { Answer, AnswerValue } from '@/lib/answer/types';
import { unitCaption } from '@/lib/format';

export interface PivotColumn {
  key: string;
  entity: AnswerValue['entity'];
  metric: string;
  /** "Helios Components" or, with several measures, "Helios Components — Revenue" */
  label: string;
  /** what the column's numbers are measured in, without the scale: "INR", "USD", "percent" */
  unitGroup: string;
}

export interface PivotRow {
  key: string;
  /** fiscal label, e.g. "FY2025" (each company's own dates are on its cells) */
  label: string;
  cells: (AnswerValue | null)[];
}

export interface Pivot {
  columns: PivotColumn[];
  rows: PivotRow[];
}

const FP_ORDER: Record<string, number> = { Q1: 1, H1: 2, Q2: 3, '9M': 4, Q3: 5, H2: 6, Q4: 7, FY: 8 };

function unitGroup(v: AnswerValue): string {
  if (v.unit === 'ratio') return 'percent';
  if (v.unit === 'pp') return 'pp';
  return v.currency ? `${v.currency}${/\/shares?$/.test(v.unit) ? '/share' : ''}` : v.unit;
}

/** The values a comparison or series shows (the table's rows, in order; else every value). */
export function pivotValues(answer: Answer): AnswerValue[] {
  if (!answer.table) return answer.values;
  const byId = new Map(answer.values.map((v) => [v.id, v]));
  return answer.table.rows.flatMap((r) => (byId.has(r.valueId) ? [byId.get(r.valueId)!] : []));
}

/**
 * Companies (and measures) as columns, periods as rows — the way analysts read comparisons and
 * series. Rows are the fiscal labels in chronological order; each cell keeps its own value with its
 * own dates (two companies' "FY2025" may cover different months).
 */
export function buildPivot(values: AnswerValue[]): Pivot {
  const metrics = new Set(values.map((v) => v.metric));
  const columns: PivotColumn[] = [];
  const colIndex = new Map<string, number>();
  for (const v of values) {
    const key = `${v.entity.id}|${v.metric}`;
    if (colIndex.has(key)) continue;
    colIndex.set(key, columns.length);
    columns.push({
      key,
      entity: v.entity,
      metric: v.metric,
      label: metrics.size > 1 ? `${v.entity.name} — ${v.label}` : v.entity.name,
      unitGroup: unitGroup(v),
    });
  }
  const rowMap = new Map<string, { row: PivotRow; sortKey: [number, number, string] }>();
  for (const v of values) {
    const key = v.period.label;
    let entry = rowMap.get(key);
    if (!entry) {
      entry = {
        row: { key, label: v.period.label, cells: columns.map(() => null) },
        sortKey: [v.period.fiscalYear ?? Number(v.period.end.slice(0, 4)), FP_ORDER[v.period.fiscalPeriod ?? 'FY'] ?? 9, v.period.end],
      };
      rowMap.set(key, entry);
    }
    entry.row.cells[colIndex.get(`${v.entity.id}|${v.metric}`)!] = v;
  }
  const rows = [...rowMap.values()]
    .sort((a, b) => a.sortKey[0] - b.sortKey[0] || a.sortKey[1] - b.sortKey[1] || a.sortKey[2].localeCompare(b.sortKey[2]))
    .map((e) => e.row);
  return { columns, rows };
}

const SCALE_DIVISOR: Record<string, number> = { thousand: 1e3, lakh: 1e5, million: 1e6, crore: 1e7, billion: 1e9 };

export interface ChartGroup {
  /** axis caption, e.g. "₹ crore", "USD billions", "percent" */
  axis: string;
  columns: PivotColumn[];
  /** one datum per pivot row: { period, [column key]: number in the axis' scale } */
  data: Record<string, string | number | null>[];
  /** the value behind each plotted number, for the tooltip's citation */
  values: Map<string, AnswerValue>;
}

/**
 * Chart groups: columns measured in the same unit share one chart (a rupee and a dollar series never
 * share an axis); numbers are scaled to the largest value's display scale so the axis reads like the text.
 */
export function chartGroups(pivot: Pivot): ChartGroup[] {
  const groups = new Map<string, PivotColumn[]>();
  for (const c of pivot.columns) groups.set(c.unitGroup, [...(groups.get(c.unitGroup) ?? []), c]);
  return [...groups.values()].map((columns) => {
    const idx = columns.map((c) => pivot.columns.indexOf(c));
    const cells = pivot.rows.flatMap((r) => idx.map((i) => r.cells[i]).filter((v): v is AnswerValue => v !== null));
    const largest = cells.reduce<AnswerValue | null>((m, v) => (!m || Math.abs(v.value) > Math.abs(m.value) ? v : m), null);
    const word = largest ? /\b(thousand|million|billion|lakh|crore)\b/.exec(largest.display)?.[1] : undefined;
    const percent = largest?.unit === 'ratio';
    const divisor = percent ? 0.01 : word ? SCALE_DIVISOR[word]! : 1;
    const values = new Map<string, AnswerValue>();
    const data = pivot.rows.map((r) => {
      const d: Record<string, string | number | null> = { period: r.label };
      idx.forEach((i, j) => {
        const v = r.cells[i];
        d[columns[j]!.key] = v ? Number((v.value / divisor).toPrecision(12)) : null;
        if (v) values.set(`${r.label}|${columns[j]!.key}`, v);
      });
      return d;
    });
    return { axis: largest ? unitCaption(largest) : '', columns, data, values };
  });
}

type Segment = Answer['segments'][number];

/**
 * The answer's sentences that the pivot does not already say: a sentence that lists a number shown in
 * the pivot is dropped (no company appears twice, once in prose and once in the table); notes such as
 * "It rose in every year shown." or what is not reported stay.
 */
export function sentencesBesidePivot(segments: Segment[], pivotValueIds: Set<string>): Segment[] {
  const sentences: Segment[][] = [[]];
  for (const s of segments) {
    if (s.type !== 'text') {
      sentences[sentences.length - 1]!.push(s);
      continue;
    }
    const parts = s.text.split(/(?<=[.!?])\s+(?=[A-Z(])/);
    parts.forEach((text, i) => {
      if (i > 0) sentences.push([]);
      if (text) sentences[sentences.length - 1]!.push({ type: 'text', text: i < parts.length - 1 ? `${text} ` : text });
    });
  }
  return sentences
    .filter(
      (sent) =>
        sent.some((s) => s.type !== 'text' || s.text.trim()) &&
        !sent.some(
          (s) => s.type === 'value' && (pivotValueIds.has(s.valueId) || [...pivotValueIds].some((id) => s.valueId.startsWith(`${id}.`))),
        ),
    )
    .flat();
}
