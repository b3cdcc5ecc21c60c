'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import { roleAction } from '@/lib/server/action';
import { getDatabase } from '@/lib/server/runtime';
import { ROLES } from '@/lib/db/schema';

const sourceId = z.string().regex(/^[0-9a-f]{64}$/);

const revoke = roleAction('admin', z.object({ sourceId, reason: z.string().trim().min(1, 'Say why the source is revoked.').max(1000) }), async (input, viewer) => {
  const { db } = await getDatabase();
  await revokeSource({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/sources', 'layout');
  return { message: 'Source revoked: its facts, tables and passages are no longer used.' };
});

/** Form action: revoke a source for good (admin). */
export async function revokeSourceAction(_prev: unknown, form: FormData) {
  return revoke({ sourceId: form.get('sourceId'), reason: form.get('reason') });
}

const accessSchema = z.object({
  sourceId,
  aclRoles: z.array(z.enum(ROLES)).max(3),
  effectiveAt: z.iso.datetime({ local: true, offset: true }).nullable(),
  reason: z.string().trim().min(1, 'Say why access changes.').max(1000),
});

const access = roleAction('admin', accessSchema, async (input, viewer) => {
  const { db } = await getDatabase();
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
export async function setSourceAccessAction(_prev: unknown, form: FormData) {
  const at = form.get('effectiveAt');
  return access({
    sourceId: form.get('sourceId'),
    aclRoles: form.getAll('aclRoles'),
    effectiveAt: typeof at === 'string' && at ? (at.length === 16 ? `${at}:00Z` : at) : null,
    reason: form.get('reason'),
  });
}
