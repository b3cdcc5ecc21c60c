'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import { safeNextPath, signInWithPassword } from '@/lib/server/sign-in';

export type SignInState = { ok: false; error: string } | null;

/** Form action: email + password sign-in (public by design; rate-limited per email and address). */
export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  const raw = { email: form.get('email'), password: form.get('password'), next: form.get('next') ?? undefined };
  const res = await signInWithPassword(raw, await headers());
  if (!res.ok) return res;
  revalidatePath('/', 'layout');
  redirect(safeNextPath(typeof raw.next === 'string' ? raw.next : null));
}
