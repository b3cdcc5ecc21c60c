/**
 * The source viewer's sliced render equals the one-shot render on every inline-XBRL filing of the real
 * data ($SEC_DATA_DIR/filings-ixbrl), byte for byte: the sanitized HTML with the cell and passage markers
 * ingestion's offsets give (parseHtmlFiling's table cells, chunkNarrative's passages), also with extra
 * passage markers at random offsets (inside tags, comments and the hidden XBRL header: broken markup), at
 * the viewer's slice size and a small one; and the XBRL contexts parsed in chunks equal the one-piece
 * parse. Fails (does not pass empty) when the filings are missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import { parseHtmlFiling } from '@/lib/ingest/ixbrl/parse';
import { chunkNarrative, detectSections } from '@/lib/ingest/ixbrl/sections';
import { sanitizeInSlices } from './sanitize-slices';
import { decodeHtml, FILING_SANITIZE_OPTIONS, insertMarkers, sanitizeFiling, xbrlContexts, xbrlContextsInChunks } from './source-view';

const dir = path.join(secDataDir(), 'filings-ixbrl');
const FILES = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => /\.html?$/i.test(f))
      .sort()
  : [];

type Marker = Parameters<typeof insertMarkers>[1][number];

/** The markers the viewer would insert for this filing once ingested: every table cell, every passage. */
function ingestionMarkers(raw: string): Marker[] {
  const doc = parseHtmlFiling(raw, 'filing.html', { xmlMode: true });
  const markers: Marker[] = [];
  let n = 0;
  for (const t of doc.tables)
    for (const row of t.rows)
      for (const c of row) markers.push({ at: c.start, attr: `data-ll-cell="c${n++}"${c.facts.length ? ` data-ll-fact="f${n}"` : ''}` });
  const chunks = chunkNarrative(doc.blocks, detectSections(doc.blocks, doc.cover.documentType ?? null));
  for (const c of chunks) {
    markers.push({ at: c.spanStart, html: `<span data-ll-mark="s-k${c.ordinal}"></span>` });
    markers.push({ at: c.spanEnd, html: `<span data-ll-mark="e-k${c.ordinal}"></span>` });
  }
  return markers;
}

function firstDiff(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `differ at ${i} of ${a.length}/${b.length}: …${JSON.stringify(a.slice(Math.max(0, i - 80), i + 80))} vs …${JSON.stringify(b.slice(Math.max(0, i - 80), i + 80))}`;
}

describe('source viewer render in slices equals the one-shot render on the real filings', () => {
  it('has the filings', () => {
    expect(FILES.length, `no filings in ${dir}`).toBeGreaterThanOrEqual(9);
  });

  for (const file of FILES) {
    it(file, async () => {
      const raw = decodeHtml(fs.readFileSync(path.join(dir, file)));
      const real = ingestionMarkers(raw);
      expect(real.length).toBeGreaterThan(100);
      let seed = raw.length;
      const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
      const random: Marker[] = Array.from({ length: 400 }, (_, i) => ({
        at: rnd(raw.length + 1),
        html: `<span data-ll-mark="${i % 2 ? 'e' : 's'}-r${i}"></span>`,
      }));
      const variants: [string, Marker[]][] = [
        ['ingestion markers', real],
        ['ingestion + random markers', [...real, ...random]],
      ];
      for (const [label, markers] of variants) {
        const marked = insertMarkers(raw, markers);
        const want = sanitizeFiling(marked);
        for (const sliceChars of [undefined, 4_000]) {
          const got = await sanitizeInSlices(marked, FILING_SANITIZE_OPTIONS, { sliceChars });
          const what = `${file}, ${label}, slices of ${sliceChars ?? 'default'} chars`;
          expect(firstDiff(got.html, want), what).toBeNull();
          expect(got.oneShot, `${what}: ${got.reason}`).toBe(false);
          expect(got.retried, what).toBe(0);
          expect(got.slices, what).toBeGreaterThan(marked.length / (sliceChars ?? 32_000) / 4);
        }
      }
      const contexts = xbrlContexts(raw);
      // (the Plymouth Rock 20-F is plain HTML, no inline XBRL: no contexts)
      if (!file.startsWith('20-F')) expect(contexts.length).toBeGreaterThan(10);
      expect(await xbrlContextsInChunks(raw)).toEqual(contexts);
      expect(await xbrlContextsInChunks(raw, 4_093)).toEqual(contexts);
    });
  }
});
