import fs from 'node:fs/promises';
import path from 'node:path';

export const dynamic = 'force-static';

/**
 * GET /api/pdf-worker — pdf.js's worker script, served from the installed pdfjs-dist (same version as
 * the page's pdf.js), so the PDF viewer runs its parsing off the main thread without a bundler-specific
 * worker import.
 */
export async function GET(): Promise<Response> {
  const file = path.join(process.cwd(), 'node_modules', 'pdfjs-dist', 'build', 'pdf.worker.min.mjs');
  const body = await fs.readFile(file);
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
