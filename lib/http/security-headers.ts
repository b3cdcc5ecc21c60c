/**
 * Security response headers: CSP, frame-ancestors / X-Frame-Options, nosniff, Referrer-Policy, Permissions-Policy.
 * The static ones are set for every response by next.config.ts; the page CSP carries a fresh nonce per
 * request and is set by proxy.ts — Next reads the nonce from the request's CSP header and puts it on its
 * own scripts (every page renders dynamically: the root layout reads the session).
 */

/** Headers for every response, pages, API and assets alike. */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // no page of the app uses any of these; a compromised dependency cannot turn them on
  {
    key: 'Permissions-Policy',
    value:
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), browsing-topics=()',
  },
  // for browsers without CSP frame-ancestors
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** API responses are data, never documents: nothing may run or embed them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A fresh, unguessable nonce (128 random bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The page CSP. Scripts: only those carrying this response's nonce, and what they load ('strict-dynamic');
 * `'unsafe-eval'` only under `next dev` (React's dev tooling). Styles allow inline style attributes
 * (server-rendered `style=` of charts and popovers); no style can run script. pdf.js runs its worker from
 * /api/pdf-worker and draws with canvas and blob:/data: images. Nothing may frame the app.
 */
export function pageCsp(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
