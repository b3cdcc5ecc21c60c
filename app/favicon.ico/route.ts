/**
 * Browsers ask for /favicon.ico on their own (Chromium now and then even when the page names
 * app/icon.svg), and a 404 there is a console error on whatever page is open: send them to the icon.
 */
export function GET(request: Request): Response {
  return Response.redirect(new URL('/icon.svg', request.url), 308);
}
