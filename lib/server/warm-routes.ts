/**
 * `next dev` compiles a route (its server module and the page's browser scripts) on the first request for
 * it: a newcomer's first page, first question and first filing waited for compilation (33 s for the first
 * question on a busy machine). In development the server requests its main routes itself once it listens —
 * each page with the scripts it references, each API route once (a GET that is refused still compiles the
 * module) — one after the other, before anyone needs them. Nothing is written: no question is asked.
 * `LEDGERLINE_WARM_ROUTES=0` turns it off.
 */
import { devServerOrigin, warmRoutesWanted } from '@/lib/env';

const ZERO_ID = '0'.repeat(64);

/** Pages whose server code and browser scripts are compiled ahead (most used first). */
const PAGES = ['/ask', '/', `/sources/${ZERO_ID}`, '/facts'];
/** Route handlers compiled ahead: the answer stream, the citation popover's table, a source document. */
const ROUTES = ['/api/answers', `/api/citations/${ZERO_ID}`, `/api/sources/${ZERO_ID}/document`];

/** The scripts a page's HTML loads from the app (`/_next/static/…`), in order, once each. */
export function pageScripts(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/g)) if (m[1]) out.add(m[1]);
  return [...out];
}

async function hit(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(300_000) });
  return res.headers.get('content-type')?.includes('text/html') ? res.text() : (await res.arrayBuffer(), '');
}

async function origin(): Promise<string | null> {
  // next dev sets the origin once it listens; instrumentation may run a moment before that
  for (let i = 0; i < 600; i++) {
    const o = devServerOrigin();
    if (o) return o.replace('://localhost', '://127.0.0.1');
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** Warm the main routes of a development server (no-op elsewhere); returns at once, the work runs in the background. */
export function warmRoutesInDevelopment(): void {
  if (!warmRoutesWanted()) return;
  void (async () => {
    const base = await origin();
    if (!base) return;
    const t0 = performance.now();
    for (const path of PAGES) {
      const html = await hit(base + path);
      for (const script of pageScripts(html)) await hit(base + script);
    }
    for (const path of ROUTES) await hit(base + path);
    console.log(`[ledgerline] development: main routes compiled ahead in ${Math.round((performance.now() - t0) / 1000)} s`);
  })().catch((e) => console.warn(`[ledgerline] development: warming the routes stopped: ${(e as Error).message}`));
}
