/**
 * Regenerates the demo PDF(s) from their HTML: `npx tsx lib/demo/documents/make-pdf.ts`.
 * The output is deterministic (fixed dates), so re-running it leaves the committed PDF unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderHtmlToPdf } from './render-pdf';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEMO_PDFS = [['helios-results-q2-fy2026.html', 'helios-results-q2-fy2026.pdf']] as const;

for (const [html, pdf] of DEMO_PDFS) {
  const bytes = await renderHtmlToPdf(fs.readFileSync(path.join(here, html), 'utf8'));
  fs.writeFileSync(path.join(here, pdf), bytes);
  console.log(`wrote ${pdf} (${bytes.byteLength.toLocaleString('en-US')} bytes)`);
}
