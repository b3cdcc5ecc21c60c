import 'server-only';
import { getViewer } from '@/lib/auth/server';
import { hasRole, type Viewer } from '@/lib/auth/viewer';
import type { Role } from '@/lib/db/schema';
import { AppError, isAppError } from '@/lib/errors';

/** Route handler wrapper: session (401) → role (403) → work; AppErrors become JSON with their status. */
export function withRole<C>(role: Role, handler: (req: Request, viewer: Viewer, ctx: C) => Promise<Response>) {
  return async (req: Request, ctx: C): Promise<Response> => {
    try {
      const viewer = await getViewer();
      if (!viewer) throw new AppError('unauthorized:session', 'Sign in to continue.');
      if (!hasRole(viewer.role, role)) throw new AppError('forbidden:role', `This needs the ${role} role.`);
      return await handler(req, viewer, ctx);
    } catch (e) {
      return errorResponse(e);
    }
  };
}

export function errorResponse(e: unknown): Response {
  if (isAppError(e)) {
    if (e.status >= 500) console.error(e);
    return Response.json({ error: e.toResponseBody() }, { status: e.status });
  }
  console.error(e);
  return Response.json({ error: { code: 'internal:error', message: 'Something went wrong.' } }, { status: 500 });
}

/** Read a JSON body with a size limit: 413 when too large, 400 when not JSON. */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError('payload_too_large:body', `The request body exceeds ${maxBytes} bytes.`);
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw new AppError('payload_too_large:body', `The request body exceeds ${maxBytes} bytes.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request:json', 'The request body is not valid JSON.');
  }
}
