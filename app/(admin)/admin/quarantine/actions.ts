'use server';

import { revalidatePath } from 'next/cache';
import { bindQuarantined, bindSchema, rejectQuarantined, rejectSchema } from '@/lib/admin/quarantine';
import { roleAction } from '@/lib/server/action';
import { getDatabase } from '@/lib/server/runtime';

const formData = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => v !== ''));

const bind = roleAction('admin', bindSchema, async (input, viewer) => {
  const { db } = await getDatabase();
  await bindQuarantined({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/quarantine');
  return { message: `Bound to ${input.metricId}; the fact is active.` };
});

/** Form action: bind a quarantined fact to a metric (and period) (admin). */
export async function bindFactAction(_prev: unknown, form: FormData) {
  return bind(formData(form));
}

const reject = roleAction('admin', rejectSchema, async (input, viewer) => {
  const { db } = await getDatabase();
  await rejectQuarantined({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/quarantine');
  return { message: 'Rejected.' };
});

/** Form action: reject a quarantined fact (admin). */
export async function rejectFactAction(_prev: unknown, form: FormData) {
  return reject(formData(form));
}
