import 'server-only';
import { ZodError, type z } from 'zod';
import type { Role } from '@/lib/db/schema';
import { isAppError } from '@/lib/errors';
import { getViewer } from './session';
import { hasRole } from '@/lib/auth/viewer';
import { contextFor, type RequestContext } from './context';
import { formInput } from './form';
import { requestSchema } from './input-schemas';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@/lib/http/text';

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string };

/**
 * The one wrapper for server actions: authenticate, check the role, validate the input with zod, run
 * with the database and the viewer; failures come back as `{ ok: false, error }`, never as thrown errors.
 */
export function roleAction<S extends z.ZodType, T>(role: Role, schema: S, fn: (input: z.infer<S>, ctx: RequestContext) => Promise<T>) {
  // declared for the input-bounds test (every string and array bounded)
  requestSchema(`server action input (${role})`, schema);
  return async (raw: unknown): Promise<ActionResult<T>> => {
    const viewer = await getViewer();
    if (!viewer) return { ok: false, error: 'Sign in to continue.' };
    if (!hasRole(viewer.role, role)) return { ok: false, error: `This needs the ${role} role.` };
    // NUL and other control characters never reach a query (PostgreSQL refuses NUL in text: a 500 before)
    const at = findControlCharacter(raw);
    if (at !== null) return { ok: false, error: `${at}: ${CONTROL_CHARACTER_MESSAGE}` };
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => i.message).join('; ') };
    try {
      return { ok: true, data: await fn(parsed.data, await contextFor(viewer)) };
    } catch (e) {
      if (isAppError(e) && e.status < 500) return { ok: false, error: e.message };
      // a domain schema refusing what the user typed (a date that is not one) is the user's input error
      if (e instanceof ZodError) return { ok: false, error: e.issues.map((i) => i.message).join('; ') };
      console.error(e);
      return { ok: false, error: 'Something went wrong.' };
    }
  };
}

/**
 * A form action (`useActionState` signature) over `roleAction`: the form is read with `formInput`
 * against the same schema that validates it on the server.
 */
export function roleFormAction<S extends z.ZodType, T>(role: Role, schema: S, fn: (input: z.infer<S>, ctx: RequestContext) => Promise<T>) {
  const action = roleAction(role, schema, fn);
  return (_prev: unknown, form: FormData): Promise<ActionResult<T>> => action(formInput(schema, form));
}
