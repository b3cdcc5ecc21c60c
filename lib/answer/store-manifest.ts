import type { Db } from '@/lib/db/client';
import { manifests } from '@/lib/db/schema';
import { contentId } from '@/lib/ids';
import type { Answer } from '@/lib/answer/types';
import type { Trace } from '@/lib/answer/trace';
import type { PlanResult } from '@/lib/planner/types';

export interface StoreManifestOptions {
  db: Db;
  tenantId: string;
  userId: string | null;
  threadId: string | null;
  question: string;
  answer: Answer;
  plan: PlanResult;
  trace: Trace;
  latencyMs: number;
  versions: Record<string, string>;
}

/**
 * Store the evidence manifest of one answer: question, resolved intent, candidate facts, rejected
 * candidates and joins with typed reasons, chosen operands, formulas, outputs, versions, latency.
 */
export async function storeManifest(o: StoreManifestOptions): Promise<string> {
  const id = contentId('manifest', o.tenantId, o.userId, o.question, Date.now(), Math.random());
  const candidates = o.trace.lookups.flatMap((l) =>
    l.candidates.map((c) => ({ ...c, lookup: { entityId: l.entityId, metricId: l.metricId, period: l.period } })),
  );
  const rejected = [
    ...o.trace.lookups.flatMap((l) => l.rejected.map((r) => ({ ...r, kind: 'candidate' as const }))),
    ...o.trace.lookups
      .filter((l) => l.status !== 'found')
      .map((l) => ({
        kind: 'lookup' as const,
        code: l.status === 'conflict' ? 'RESTATEMENT_CONFLICT' : 'MISSING_FACT',
        entityId: l.entityId,
        metricId: l.metricId,
        period: l.period,
        reason: l.reason,
      })),
    ...o.trace.calculations.filter((c) => !c.ok).map((c) => ({ kind: 'join' as const, op: c.op, errors: c.errors })),
  ];
  const operands = o.trace.lookups
    .filter((l) => l.chosen)
    .map((l) => ({ factId: l.chosen, entityId: l.entityId, metricId: l.metricId, period: l.period }));
  const errorCodes = [...new Set(o.answer.errors.map((e) => e.code))];
  const entityIds = [...new Set([...o.answer.values.map((v) => v.entity.id), ...(o.answer.intent?.entities.map((e) => e.id) ?? [])])];
  await o.db.insert(manifests).values({
    id,
    tenantId: o.tenantId,
    userId: o.userId,
    threadId: o.threadId,
    question: o.question,
    status: o.answer.status,
    pathway: o.answer.pathway,
    intent: { plan: o.plan.status, intent: o.answer.intent, notes: o.plan.notes, spans: o.plan.spans ?? [] },
    candidates,
    rejected,
    operands,
    calculations: o.trace.calculations,
    answer: o.answer,
    versions: o.versions,
    errorCodes,
    entityIds,
    latencyMs: o.latencyMs,
  });
  return id;
}
