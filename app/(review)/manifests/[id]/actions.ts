'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { roleFormAction } from '@/lib/server/action';
import { VERDICTS } from '@/lib/db/schema';
import { recordVerdict } from '@/lib/evidence/manifest-detail';
import { FAILURE_CLASS_IDS } from '@/lib/evidence/taxonomy';

const score = z.coerce.number().int().min(1).max(5).optional();

const verdictSchema = z.object({
  manifestId: z.string().regex(/^[0-9a-f]{64}$/),
  verdict: z.enum(VERDICTS),
  failureClass: z.enum(FAILURE_CLASS_IDS).nullish(),
  comment: z.string().trim().max(2000).nullish(),
  coverage: score,
  reasoning: score,
  factual_consistency: score,
  clarity: score,
  depth: score,
});

const record = roleFormAction('reviewer', verdictSchema, async (input, { db, viewer }) => {
  const scores = Object.fromEntries(
    (['coverage', 'reasoning', 'factual_consistency', 'clarity', 'depth'] as const).flatMap((k) => (input[k] ? [[k, input[k]]] : [])),
  );
  const id = await recordVerdict({
    db,
    tenantId: viewer.tenantId,
    reviewerId: viewer.userId,
    manifestId: input.manifestId,
    verdict: input.verdict,
    failureClass: input.failureClass ?? null,
    scores,
    comment: input.comment || null,
  });
  revalidatePath(`/manifests/${input.manifestId}`);
  return { id };
});

/** Form action: record a reviewer verdict (reviewer role, own tenant only). */
export async function recordVerdictAction(prev: unknown, form: FormData) {
  return record(prev, form);
}
