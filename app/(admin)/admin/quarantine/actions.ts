'use server';

import { revalidatePath } from 'next/cache';
import { bindQuarantined, bindSchema, rejectQuarantined, rejectSchema } from '@/lib/admin/quarantine';
import { roleFormAction } from '@/lib/server/action';

const bind = roleFormAction('admin', bindSchema, async (input, { db, viewer }) => {
  await bindQuarantined({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/quarantine');
  return { message: `Bound to ${input.metricId}; the fact is active.` };
});

/** Form action: bind a quarantined fact to a metric (and period) (admin). */
export async function bindFactAction(prev: unknown, form: FormData) {
  return bind(prev, form);
}

const reject = roleFormAction('admin', rejectSchema, async (input, { db, viewer }) => {
  await rejectQuarantined({ db, tenantId: viewer.tenantId, actorId: viewer.userId, ...input });
  revalidatePath('/admin/quarantine');
  return { message: 'Rejected.' };
});

/** Form action: reject a quarantined fact (admin). */
export async function rejectFactAction(prev: unknown, form: FormData) {
  return reject(prev, form);
}
