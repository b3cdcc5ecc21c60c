import 'server-only';
import { getViewer } from '@/lib/server/session';
import { hasRole } from '@/lib/auth/viewer';
import type { Role } from '@/lib/db/schema';
import { AppError, isAppError } from '@/lib/errors';
import { enforceRateLimit, type RateRuleName } from '@/lib/http/rate-limit';
import { withContext, type RequestContext } from './context';

export interface WithRoleOptions {
  /** per-user token bucket checked after the role (429 with Retry-After when empty) */
  rateLimit?: RateRuleName;
  /** run the handler under row-level security for the viewer's tenant (handlers that do not stream) */
  tenantScope?: boolean;
}

/**
 * The one route handler wrapper: session (401) → role (403) → rate limit (429) → work with the database
 * and the viewer; AppErrors become JSON with their status.
 */
export function withRole<C>(role: Role, handler: (req: Request, ctx: RequestContext, routeCtx: C) => Promise<Response>, options: WithRoleOptions = {}) {
  return async (req: Request, ctx: C): Promise<Response> => {
    try {
      const viewer = await getViewer();
      if (!viewer) throw new AppError('unauthorized:session', 'Sign in to continue.');
      if (!hasRole(viewer.role, role)) throw new AppError('forbidden:role', `This needs the ${role} role.`);
      if (options.rateLimit) enforceRateLimit(options.rateLimit, `${viewer.tenantId}:${viewer.userId}`);
      return await withContext(viewer, options.tenantScope ?? false, (c) => handler(req, c, ctx));
    } catch (e) {
      return errorResponse(e);
    }
  };
}

export function errorResponse(e: unknown): Response {
  if (isAppError(e)) {
    if (e.status >= 500) console.error(e);
    const retryAfter = e.details?.retryAfterS;
    const headers = e.status === 429 && typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : undefined;
    return Response.json({ error: e.toResponseBody() }, { status: e.status, headers });
  }
  console.error(e);
  return Response.json({ error: { code: 'internal:error', message: 'Something went wrong.' } }, { status: 500 });
}

/**
 * Read a body with a size limit, streaming: 413 as soon as more than `maxBytes` arrive (a missing or
 * false content-length does not help), without buffering the rest.
 */
export async function readBodyBytes(req: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError('payload_too_large:body', `The request body exceeds ${maxBytes} bytes.`);
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

/** Read a JSON body with a size limit: 413 when too large, 400 when not JSON. */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  const text = (await readBodyBytes(req, maxBytes)).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request:json', 'The request body is not valid JSON.');
  }
}
