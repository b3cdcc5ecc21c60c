import 'server-only';
import { ZodError } from 'zod';
import { getViewer, mayHaveViewer } from '@/lib/server/session';
import { hasRole } from '@/lib/auth/viewer';
import type { Role } from '@/lib/db/schema';
import { AppError, isAppError } from '@/lib/errors';
import { readEnv } from '@/lib/env';
import type { RateRuleName } from '@/lib/http/rate-limit';
import { enforceRateLimit } from './limits';
import { getDatabase } from './runtime';
import { withContext, type RequestContext } from './context';
import { typedBoundError } from './bounded';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter, hasControlCharacter, jsonTextMayHaveControlCharacter } from '@/lib/http/text';

export interface JsonBodyOptions<B> {
  /** bytes the body may have (413 beyond, declared or streamed) */
  maxBytes: number;
  /** the body's shape (zod, usually), checked before the session lookup: throw an AppError (400) for a wrong one */
  parse: (body: unknown, req: Request) => B;
}

export interface WithRoleOptions<B = undefined> {
  /** per-user token bucket checked after the role (429 with Retry-After when empty) */
  rateLimit?: RateRuleName;
  /** run the handler under row-level security for the viewer's tenant (handlers that do not stream) */
  tenantScope?: boolean;
  /**
   * The request body is JSON: read, parsed and checked by the wrapper before any database work (see
   * withRole); the handler gets it as `body`.
   */
  jsonBody?: JsonBodyOptions<B>;
  /** a raw body (the handler reads it itself, after the role check): a declared Content-Length over this is a 413 before any database work */
  maxDeclaredBytes?: number;
}

export type RouteHandlerContext<B> = RequestContext & { body: B };

/**
 * The one route handler wrapper: origin and URL (403/400) → body checks → session (401) → role (403) →
 * rate limit (429) → work with the database and the viewer; AppErrors become JSON with their status.
 *
 * What can be refused without the database is refused first (a hostile body must cost no session
 * lookup and no rate-limit upsert): a wrong content type (415) and a declared
 * size over the limit (413) from the headers alone; a JSON route without a session cookie (outside demo
 * mode) is a 401 before its body is read; then the JSON body is read streaming (413 past the limit, 408
 * past the deadline), parsed and checked for control characters and shape (400) — all before the session
 * lookup, the role check and the rate-limit upsert. So a body refused for its size, type or shape costs no
 * query and takes no token of the per-user limit; everything that reaches the database is counted.
 */
export function withRole<C, B = undefined>(
  role: Role,
  handler: (req: Request, ctx: RouteHandlerContext<B>, routeCtx: C) => Promise<Response>,
  options: WithRoleOptions<B> = {},
) {
  return async (req: Request, ctx: C): Promise<Response> => {
    try {
      checkOrigin(req);
      checkUrlText(req.url);
      let body = undefined as B;
      if (options.jsonBody) {
        checkJsonHeaders(req, options.jsonBody.maxBytes);
        if (!(await mayHaveViewer())) throw unauthorized();
        body = options.jsonBody.parse(await readJson(req, options.jsonBody.maxBytes), req);
      } else if (options.maxDeclaredBytes !== undefined && declaredLength(req) > options.maxDeclaredBytes) {
        throw payloadTooLarge(options.maxDeclaredBytes);
      }
      const viewer = await getViewer();
      if (!viewer) throw unauthorized();
      if (!hasRole(viewer.role, role)) throw new AppError('forbidden:role', `This needs the ${role} role.`);
      if (options.rateLimit) await enforceRateLimit((await getDatabase()).db, options.rateLimit, `${viewer.tenantId}:${viewer.userId}`);
      return await withContext(viewer, options.tenantScope ?? false, (c) => handler(req, { ...c, body }, ctx));
    } catch (e) {
      return errorResponse(e);
    }
  };
}

const unauthorized = () => new AppError('unauthorized:session', 'Sign in to continue.');
const payloadTooLarge = (maxBytes: number) => new AppError('payload_too_large:body', `The request body exceeds ${maxBytes} bytes.`);

function declaredLength(req: Request): number {
  const declared = Number(req.headers.get('content-length') ?? '0');
  return Number.isFinite(declared) ? declared : 0;
}

/** 415 unless the body is sent as application/json; 413 when its declared length is over `maxBytes`. From the headers alone. */
function checkJsonHeaders(req: Request, maxBytes: number): void {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new AppError('unsupported:content_type', 'Send the request body as application/json.');
  if (declaredLength(req) > maxBytes) throw payloadTooLarge(maxBytes);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-origin writes are refused like Next refuses them for server actions (the JSON API must
 * not accept text/plain or form posts from a foreign Origin; SameSite cookies alone are not enough). A browser
 * names the page's origin on every POST; it must be this server's host (X-Forwarded-Host behind a proxy,
 * else Host). No Origin — curl, the CLI, server-side callers — carries no ambient browser credentials of a
 * foreign page and passes; `Sec-Fetch-Site: cross-site` (or same-site: a sibling subdomain) never does.
 */
export function checkOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return;
  const h = req.headers;
  const site = h.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') throw new AppError('forbidden:origin', 'Cross-origin requests are not accepted.');
  const origin = h.get('origin');
  if (origin === null) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError('forbidden:origin', 'Cross-origin requests are not accepted.');
  }
  const host = (h.get('x-forwarded-host') ?? '').split(',')[0]!.trim() || h.get('host') || new URL(req.url).host;
  if (originHost.toLowerCase() !== host.toLowerCase()) throw new AppError('forbidden:origin', 'Cross-origin requests are not accepted.');
}

export function errorResponse(e: unknown): Response {
  e = typedBoundError(e) ?? e;
  // a domain schema refusing request input is a 400 with its messages, not a 500
  if (e instanceof ZodError) e = new AppError('bad_request:input', e.issues.map((i) => i.message).join('; '));
  if (isAppError(e)) {
    if (e.status >= 500 && e.status !== 503) console.error(e);
    const retryAfter = e.details?.retryAfterS;
    const headers: Record<string, string> = {};
    if ((e.status === 429 || e.status === 503) && typeof retryAfter === 'number') headers['retry-after'] = String(retryAfter);
    // a body refused before its end (too large, too slow): close the connection after the answer, so the
    // server does not go on reading the rest of it (Node drains an unread body to reuse the connection)
    if (e.status === 413 || e.status === 408) headers.connection = 'close';
    return Response.json({ error: e.toResponseBody() }, { status: e.status, headers });
  }
  console.error(e);
  return Response.json({ error: { code: 'internal:error', message: 'Something went wrong.' } }, { status: 500 });
}

/** The configured deadline for a request body to arrive (LEDGERLINE_BODY_TIMEOUT_MS, 10 s by default). */
export function bodyReadTimeoutMs(): number {
  return readEnv().LEDGERLINE_BODY_TIMEOUT_MS;
}

export interface ReadBodyOptions {
  /** the whole body must arrive within this many ms (default: bodyReadTimeoutMs()); finite */
  timeoutMs?: number;
}

/**
 * Read a body with a size limit and a deadline, streaming: 413 as soon as more than `maxBytes` arrive (a
 * missing or false content-length does not help), without buffering the rest; 408 when the whole body has
 * not arrived within the deadline (a stalled or trickling body no longer holds the connection for minutes).
 * Either way the reader is cancelled.
 */
export async function readBodyBytes(req: Request, maxBytes: number, options: ReadBodyOptions = {}): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? bodyReadTimeoutMs();
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error(`readBodyBytes needs a finite deadline, got ${timeoutMs}`);
  const tooLarge = () => payloadTooLarge(maxBytes);
  if (declaredLength(req) > maxBytes) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('request_timeout:body', `The request body did not arrive within ${timeoutMs} ms.`)),
      timeoutMs,
    );
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge();
      parts.push(value);
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    throw e;
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(parts);
}

/**
 * Read a JSON body with a size limit: 415 unless sent as `application/json` (a form or text/plain post — the
 * kinds a foreign page can send without a preflight — is never read), 413 when too large, 400 when not JSON
 * or when a string or key holds a control character. The text is scanned once for anything that could
 * parse to a control character; only then is the parsed value walked to say where.
 */
export async function readJson(req: Request, maxBytes: number): Promise<unknown> {
  checkJsonHeaders(req, maxBytes);
  const text = (await readBodyBytes(req, maxBytes)).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('bad_request:json', 'The request body is not valid JSON.');
  }
  if (jsonTextMayHaveControlCharacter(text)) {
    // the body is size-limited, so the walk is too: no node budget that a long body could outrun
    const at = findControlCharacter(body, Number.POSITIVE_INFINITY);
    if (at !== null) throw new AppError('bad_request:control_characters', `${at}: ${CONTROL_CHARACTER_MESSAGE}`);
  }
  return body;
}

/** A typed 400 for a URL whose path or query carries a control character (route handlers and the proxy). */
export function checkUrlText(url: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(url).pathname + new URL(url).search.replace(/\+/g, ' '));
  } catch {
    throw new AppError('bad_request:url', 'The address is not valid.');
  }
  if (hasControlCharacter(decoded)) throw new AppError('bad_request:control_characters', `The address: ${CONTROL_CHARACTER_MESSAGE}`);
}

/**
 * An /api address no route serves (app/api/[...path]/route.ts): a typed JSON 404, like every other API
 * error — Next would otherwise render the HTML not-found page for it (~16 ms of server CPU a request on
 * this machine against ~4 for this, so a client probing unknown addresses cost four times an answer's
 * routing). A body sent with it is never read; the connection closes after the answer so Node does not
 * drain the rest to reuse it. A control character in the address is the 400 every API route gives.
 */
export function unknownApiRoute(req: Request): Response {
  try {
    checkUrlText(req.url);
  } catch (e) {
    return errorResponse(e);
  }
  const withBody = declaredLength(req) > 0 || req.headers.has('transfer-encoding');
  const error = new AppError('not_found:route', 'No such API route.');
  return Response.json(
    { error: error.toResponseBody() },
    { status: 404, headers: { 'cache-control': 'no-store', ...(withBody ? { connection: 'close' } : {}) } },
  );
}
