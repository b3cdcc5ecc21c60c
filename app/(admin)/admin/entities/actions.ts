'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { addAlias, aliasSchema, entityPatchSchema, removeAlias, updateEntity } from '@/lib/admin/entities';
import { roleFormAction } from '@/lib/server/action';

const add = roleFormAction('admin', aliasSchema, async (input, { db, viewer }) => {
  await addAlias({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/entities');
  return { message: `Alias “${input.alias}” added.` };
});

/** Form action: add an alias or ticker to an entity (admin). */
export async function addAliasAction(prev: unknown, form: FormData) {
  return add(prev, form);
}

const remove = roleFormAction(
  'admin',
  z.object({ entityId: z.string().regex(/^[0-9a-f]{64}$/), alias: z.string().min(1).max(200) }),
  async (input, { db, viewer }) => {
    await removeAlias({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
    revalidatePath('/admin/entities');
    return { message: `Alias “${input.alias}” removed.` };
  },
);

/** Form action: remove an alias (admin). */
export async function removeAliasAction(prev: unknown, form: FormData) {
  return remove(prev, form);
}

const update = roleFormAction('admin', entityPatchSchema, async (input, { db, viewer }) => {
  await updateEntity({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/entities');
  return { message: 'Entity updated.' };
});

/** Form action: rename an entity or change its ticker (admin). */
export async function updateEntityAction(prev: unknown, form: FormData) {
  return update(prev, form);
}
