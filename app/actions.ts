'use server';

import { cookies, headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { signOutSession } from '@/lib/server/sign-in';
import { DEMO_ROLE_COOKIE } from '@/lib/auth/viewer';
import { ROLES } from '@/lib/db/schema';
import { isDemoMode } from '@/lib/env';
import { requestSchema } from '@/lib/server/input-schemas';

const roleSchema = requestSchema('switchDemoRole role', z.enum(ROLES));

/** Demo mode only: act as the demo analyst, reviewer or admin. */
export async function switchDemoRole(role: string): Promise<{ ok: true } | { ok: false; error: string }> {
  if (!isDemoMode()) return { ok: false, error: 'Role switching exists only in demo mode.' };
  const parsed = roleSchema.safeParse(role);
  if (!parsed.success) return { ok: false, error: 'Unknown role.' };
  const jar = await cookies();
  jar.set(DEMO_ROLE_COOKIE, parsed.data, { httpOnly: true, sameSite: 'lax', path: '/' });
  revalidatePath('/', 'layout');
  return { ok: true };
}

/** End the signed-in session (anyone may call it: without a session it does nothing). */
export async function signOutAction(): Promise<void> {
  await signOutSession(await headers());
  revalidatePath('/', 'layout');
  redirect('/sign-in');
}
