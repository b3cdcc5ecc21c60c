/**
 * Everything the admin monitoring page shows, gathered in one call: counters over a window of days
 * (answers, abstentions, watched codes and latency by source and extractor version; ingestion runs;
 * quarantined facts) and the latest eval results with their history.
 */
import type { Db } from '@/lib/db/client';
import {
  answerCounters,
  dailyLatency,
  dayRange,
  ingestCounters,
  quarantineCounters,
  toDaily,
  totalsBySource,
  WATCHED_CODES,
  type AnswerCounterRow,
  type DailySeries,
  type GroupTotal,
  type IngestCounterRow,
  type QuarantineRow,
} from './counters';
import { readEvalHistory, readLatestEval, type EvalHistoryEntry, type LatestEval } from './eval-results';

export const WINDOWS = [7, 30, 90] as const;

export interface MonitoringData {
  days: number;
  answers: AnswerCounterRow[];
  ingest: IngestCounterRow[];
  quarantine: QuarantineRow[];
  charts: {
    volume: DailySeries;
    codes: DailySeries;
    latency: DailySeries;
    ingestFacts: DailySeries;
    ingestCodes: DailySeries;
  };
  bySource: GroupTotal[];
  eval: LatestEval | null;
  evalHistory: EvalHistoryEntry[];
}

export function parseWindow(v: string | string[] | undefined): number {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return (WINDOWS as readonly number[]).includes(n) ? n : 30;
}

export async function monitoringData(
  db: Db,
  tenantId: string,
  o: { days?: number; until?: Date; evalDir?: string } = {},
): Promise<MonitoringData> {
  const w = { days: o.days ?? 30, until: o.until };
  const [answers, ingest, quarantine] = await Promise.all([
    answerCounters(db, tenantId, w),
    ingestCounters(db, tenantId, w),
    quarantineCounters(db, tenantId),
  ]);
  const days = dayRange(w);
  return {
    days: w.days,
    answers,
    ingest,
    quarantine,
    charts: {
      volume: toDaily(answers, days, (r) => ({ answered: r.answered, abstentions: r.abstentions })),
      codes: toDaily(answers, days, (r) => ({ ...r.codes })),
      latency: dailyLatency(answers, days),
      ingestFacts: toDaily(ingest, days, (r) => ({
        'facts added': r.factsAdded,
        quarantined: r.factsQuarantined,
        'failed runs': r.failed,
      })),
      ingestCodes: toDaily(ingest, days, (r) => Object.fromEntries(WATCHED_CODES.map((c) => [c, r.codes[c]]))),
    },
    bySource: totalsBySource(answers),
    eval: readLatestEval(o.evalDir ? `${o.evalDir}/latest.json` : undefined),
    evalHistory: readEvalHistory(o.evalDir ? `${o.evalDir}/history.jsonl` : undefined),
  };
}
