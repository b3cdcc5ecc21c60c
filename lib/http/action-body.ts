/**
 * Server-action bodies over the 1 MB limit are a typed 413, not a 500.
 * Next refuses an action body over its `serverActions.bodySizeLimit` by throwing inside the action
 * handler, which the client sees as a 500. proxy.ts answers such a request first with a typed 413
 * (`payload_too_large:action`) from its declared Content-Length — browsers always declare it for an action
 * post (its body is a string or FormData) — and next.config.ts sets Next's own limit to the same number,
 * so a body without a declared length is still refused by Next.
 */
export const SERVER_ACTION_MAX_BYTES = 1024 * 1024;

/** The typed 413 for a server-action request whose declared body is over the limit; null otherwise. */
export function oversizedActionResponse(method: string, headers: Headers): Response | null {
  if (method.toUpperCase() !== 'POST' || !headers.has('next-action')) return null;
  const declared = Number(headers.get('content-length') ?? '');
  if (!Number.isFinite(declared) || declared <= SERVER_ACTION_MAX_BYTES) return null;
  return Response.json(
    { error: { code: 'payload_too_large:action', message: `The form data exceeds ${SERVER_ACTION_MAX_BYTES} bytes.` } },
    { status: 413, headers: { 'cache-control': 'no-store', connection: 'close' } },
  );
}
