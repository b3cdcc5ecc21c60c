'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createUser, newUserSchema, updateUser } from '@/lib/auth/users';
import { roleAction } from '@/lib/server/action';
import { getDatabase } from '@/lib/server/runtime';
import { ROLES } from '@/lib/db/schema';

const create = roleAction('admin', newUserSchema.omit({ tenantId: true }), async (input, viewer) => {
  const { db } = await getDatabase();
  await createUser({ db, actor: viewer.userId, tenantId: viewer.tenantId, ...input });
  revalidatePath('/admin/users');
  return { message: `Account created for ${input.email}.` };
});

/** Form action: create an account in the admin's own tenant (admin). */
export async function createUserAction(_prev: unknown, form: FormData) {
  return create(Object.fromEntries(form.entries()));
}

const updateSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.enum(ROLES).optional(),
  disabled: z.enum(['0', '1']).optional(),
  reason: z.string().trim().min(1, 'Say why.').max(500),
});

const update = roleAction('admin', updateSchema, async (input, viewer) => {
  const { db } = await getDatabase();
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
export async function updateUserAction(_prev: unknown, form: FormData) {
  return update(Object.fromEntries([...form.entries()].filter(([, v]) => v !== '')));
}
