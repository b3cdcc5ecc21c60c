'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import { roleFormAction } from '@/lib/server/action';
import { ROLES } from '@/lib/db/schema';

const sourceId = z.string().regex(/^[0-9a-f]{64}$/);

const revoke = roleFormAction(
  'admin',
  z.object({ sourceId, reason: z.string().trim().min(1, 'Say why the source is revoked.').max(1000) }),
  async (input, { db, viewer }) => {
    await revokeSource({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
    revalidatePath('/admin/sources', 'layout');
    return { message: 'Source revoked: its facts, tables and passages are no longer used.' };
  },
);

/** Form action: revoke a source for good (admin). */
export async function revokeSourceAction(prev: unknown, form: FormData) {
  return revoke(prev, form);
}

const accessSchema = z.object({
  sourceId,
  aclRoles: z.array(z.enum(ROLES)).max(3),
  /** a datetime-local field (`YYYY-MM-DDTHH:mm`, read as UTC) or a full ISO datetime; empty = no embargo */
  effectiveAt: z.preprocess(
    (v) => (typeof v === 'string' && v.length === 16 ? `${v}:00Z` : v),
    z.iso.datetime({ local: true, offset: true }).max(40).nullable(),
  ),
  reason: z.string().trim().min(1, 'Say why access changes.').max(1000),
});

const access = roleFormAction('admin', accessSchema, async (input, { db, viewer }) => {
  await setSourceAccess({
    db,
    tenantId: viewer.tenantId,
    actorId: viewer.userId,
    sourceId: input.sourceId,
    aclRoles: input.aclRoles,
    effectiveAt: input.effectiveAt ? new Date(input.effectiveAt) : null,
    reason: input.reason,
  });
  revalidatePath('/admin/sources', 'layout');
  return { message: 'Access updated.' };
});

/** Form action: set a source's ACL roles and embargo date (admin). */
export async function setSourceAccessAction(prev: unknown, form: FormData) {
  return access(prev, form);
}
