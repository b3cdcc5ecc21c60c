'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import { formInput } from '@/lib/server/form';
import { requestSchema } from '@/lib/server/input-schemas';
import { safeNextPath, signInSchema, signInWithPassword } from '@/lib/server/sign-in';

requestSchema('sign-in form', signInSchema);

export type SignInState = { ok: false; error: string } | null;

/** Form action: email + password sign-in (public by design; rate-limited per email and address). */
export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  const raw = formInput(signInSchema, form);
  const res = await signInWithPassword(raw, await headers());
  if (!res.ok) return res;
  revalidatePath('/', 'layout');
  redirect(safeNextPath(typeof raw.next === 'string' ? raw.next : null));
}
