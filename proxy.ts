import { NextResponse, type NextRequest } from 'next/server';
import { newNonce, pageCsp } from '@/lib/http/security-headers';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '@/lib/http/text';
import { oversizedActionResponse } from '@/lib/http/action-body';

/**
 * Pages:
 * - an address with a control character (`/facts?q=%00`) is a typed 400 before any page renders (it reached
 *   a query as a 500 before), and so is a page number that is not one (`?page=1e308`);
 * - a server-action post declaring a body over the action limit is a typed 413 (Next's own refusal is a 500;
 *   lib/http/action-body.ts);
 * - a CSP with a fresh nonce per request, set on the request too: Next reads the nonce from the request's
 *   Content-Security-Policy header and adds it to the scripts it renders.
 * API routes check their URL and origin in lib/server/route.ts and get a static CSP (next.config.ts).
 */
export function proxy(request: NextRequest) {
  const oversized = oversizedActionResponse(request.method, request.headers);
  if (oversized) return oversized;
  let address: string;
  try {
    address = decodeURIComponent(request.nextUrl.pathname + request.nextUrl.search.replace(/\+/g, ' '));
  } catch {
    return badRequest('bad_request:url', 'The address is not valid.');
  }
  if (hasControlCharacter(address)) return badRequest('bad_request:control_characters', `The address: ${CONTROL_CHARACTER_MESSAGE}`);
  const paging = badPagingParameter(request.nextUrl.searchParams);
  if (paging) return badRequest('bad_request:page', paging);
  const csp = pageCsp(newNonce(), process.env.NODE_ENV === 'development');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', csp);
  return response;
}

/** Page numbers of every listing page: a whole number from 1 to MAX_PAGE (`page=1e308` reached SQL's OFFSET as a 500). */
export const MAX_PAGE = 100_000;

export function badPagingParameter(params: URLSearchParams): string | null {
  for (const v of params.getAll('page')) {
    if (!/^[1-9]\d{0,5}$/.test(v) || Number(v) > MAX_PAGE) return `page must be a whole number from 1 to ${MAX_PAGE}.`;
  }
  return null;
}

function badRequest(code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status: 400, headers: { 'cache-control': 'no-store' } });
}

export const config = {
  // pages (and their RSC requests); not the API (lib/server/route.ts) nor static assets
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)'],
};
