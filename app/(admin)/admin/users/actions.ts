'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createUser, newUserSchema, updateUser } from '@/lib/auth/users';
import { roleFormAction } from '@/lib/server/action';
import { ROLES } from '@/lib/db/schema';
import { isDemoMode } from '@/lib/env';

const create = roleFormAction('admin', newUserSchema.omit({ tenantId: true }), async (input, { db, viewer }) => {
  await createUser({ db, actor: viewer.userId, tenantId: viewer.tenantId, ...input, createdInDemo: viewer.demo || isDemoMode() });
  revalidatePath('/admin/users');
  return { message: `Account created for ${input.email}.` };
});

/** Form action: create an account in the admin's own tenant (admin). */
export async function createUserAction(prev: unknown, form: FormData) {
  return create(prev, form);
}

const updateSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.enum(ROLES).optional(),
  disabled: z.enum(['0', '1']).optional(),
  reason: z.string().trim().min(1, 'Say why.').max(500),
});

const update = roleFormAction('admin', updateSchema, async (input, { db, viewer }) => {
  await updateUser({
    db,
    tenantId: viewer.tenantId,
    actorId: viewer.userId,
    userId: input.userId,
    role: input.role,
    disabled: input.disabled === undefined ? undefined : input.disabled === '1',
    reason: input.reason,
  });
  revalidatePath('/admin/users');
  return { message: 'Account updated.' };
});

/** Form action: change a user's role or disable/enable the account (admin, own tenant). */
export async function updateUserAction(prev: unknown, form: FormData) {
  return update(prev, form);
}
