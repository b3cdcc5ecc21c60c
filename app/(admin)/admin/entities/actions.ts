'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { addAlias, aliasSchema, entityPatchSchema, removeAlias, updateEntity } from '@/lib/admin/entities';
import { roleAction } from '@/lib/server/action';
import { getDatabase } from '@/lib/server/runtime';

const formData = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => v !== ''));

const add = roleAction('admin', aliasSchema, async (input, viewer) => {
  const { db } = await getDatabase();
  await addAlias({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/entities');
  return { message: `Alias “${input.alias}” added.` };
});

/** Form action: add an alias or ticker to an entity (admin). */
export async function addAliasAction(_prev: unknown, form: FormData) {
  return add(formData(form));
}

const remove = roleAction('admin', z.object({ entityId: z.string().regex(/^[0-9a-f]{64}$/), alias: z.string().min(1).max(200) }), async (input, viewer) => {
  const { db } = await getDatabase();
  await removeAlias({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/entities');
  return { message: `Alias “${input.alias}” removed.` };
});

/** Form action: remove an alias (admin). */
export async function removeAliasAction(_prev: unknown, form: FormData) {
  return remove(formData(form));
}

const update = roleAction('admin', entityPatchSchema, async (input, viewer) => {
  const { db } = await getDatabase();
  await updateEntity({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/entities');
  return { message: 'Entity updated.' };
});

/** Form action: rename an entity or change its ticker (admin). */
export async function updateEntityAction(_prev: unknown, form: FormData) {
  const raw = formData(form);
  return update({ ...raw, ticker: raw.ticker ?? null });
}
