/**
 * Text PDFs → the same extracted form as HTML reports, from text positions (pdf.js, legacy build for
 * Node 20; no OCR, no canvas): lines from baselines, segments from gaps, table regions from runs of
 * lines with numbers, value columns from the right edges of numbers (figures are right-aligned),
 * header lines above a region mapped onto columns (a heading centred over several columns spans
 * them), wrapped row labels re-joined, a header lost at a page break inherited from the previous
 * page's table. Everything else becomes narrative blocks; headings by font size. Spans are offsets
 * into the text this module rebuilds (lines joined by "\n", pages by "\f").
 *
 * Encrypted, malformed, empty, image-only and over-long PDFs end in a clear AppError, never a crash.
 */
import { ingestError } from '../errors';
import type { ReportDocument, ReportMeta } from './model';
import { checkPdfDecodedBudget } from './pdf-budget';
import { PdfLayout } from './pdf/layout';
import type { Item } from './pdf/lines';

/** Pages beyond this are refused (a guard against runaway documents). */
export const MAX_PDF_PAGES = 3000;
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  // loaded from node_modules at run time, never bundled into the app's server build
  pdfjsPromise ??= import(/* webpackIgnore: true */ /* turbopackIgnore: true */ 'pdfjs-dist/legacy/build/pdf.mjs') as Promise<PdfJs>;
  return pdfjsPromise;
}

const META_MAP: Record<string, keyof ReportMeta> = {
  entity: 'entityName',
  'legal-name': 'legalName',
  ticker: 'ticker',
  cik: 'cik',
  country: 'country',
  currency: 'currency',
  'accounting-standard': 'accountingStandard',
  'document-type': 'form',
  'filing-date': 'filedAt',
  'period-end': 'periodEnd',
  'document-id': 'documentId',
  'fiscal-year-end': 'fiscalYearEnd',
  scope: 'scope',
};

/** Text PostgreSQL can store: no NUL or other C0 controls, no lone UTF-16 surrogates (broken font maps emit both). */
export function storableText(t: string): string {
  return t
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * Ligatures some fonts map to no character: pdf.js gives "Oracle Corpora" "\u0000" "on" for "Oracle
 * Corporation" (a "ti" ligature of Calibri), and every "ti" of the document is lost ("Total liabili es",
 * "Net cash provided by opera ng ac vi es"). Which ligature a font's unmapped glyph stands for is read
 * from the document itself: the candidate that turns the most broken words into words the same pages
 * print whole elsewhere (in capitals, in another font) wins; with no evidence, nothing is guessed.
 */
const LIGATURES = ['ti', 'fi', 'fl', 'ff', 'ffi', 'ffl', 'tt', 'ft', 'th'];
type TextItemLike = { str?: string; fontName?: string };
const UNMAPPED = /^\u0000+$/;

export function ligatureVotes(pages: TextItemLike[][]): Map<string, string> {
  const vocabulary = new Set<string>();
  const broken: { font: string; before: string; after: string }[] = [];
  for (const items of pages) {
    for (let i = 0; i < items.length; i++) {
      const str = items[i]!.str ?? '';
      if (UNMAPPED.test(str)) {
        const before = /[A-Za-z]*$/.exec(items[i - 1]?.str ?? '')![0];
        const after = /^[A-Za-z]*/.exec(items[i + 1]?.str ?? '')![0];
        if (before || after) broken.push({ font: items[i]!.fontName ?? '', before, after });
        continue;
      }
      for (const w of str.match(/[A-Za-z]{4,}/g) ?? []) vocabulary.add(w.toLowerCase());
    }
  }
  const votes = new Map<string, Map<string, number>>();
  for (const b of broken) {
    for (const lig of LIGATURES) {
      if (!vocabulary.has(`${b.before}${lig}${b.after}`.toLowerCase())) continue;
      const v = votes.get(b.font) ?? new Map<string, number>();
      v.set(lig, (v.get(lig) ?? 0) + 1);
      votes.set(b.font, v);
    }
  }
  const out = new Map<string, string>();
  for (const [font, v] of votes) {
    const ranked = [...v.entries()].sort((a, b) => b[1] - a[1]);
    // (a clear winner seen at least twice)
    if (ranked[0]![1] >= 2 && (ranked.length === 1 || ranked[0]![1] >= 2 * ranked[1]![1])) out.set(font, ranked[0]![0]);
  }
  return out;
}

function metaFromInfo(info: Record<string, unknown>): { meta: ReportMeta; title: string | null } {
  const meta: ReportMeta = {};
  const custom = (info.Custom ?? {}) as Record<string, unknown>;
  const all: Record<string, unknown> = { ...info, ...custom };
  for (const [k, v] of Object.entries(all)) {
    if (typeof v !== 'string' || !v.trim()) continue;
    const key = k.toLowerCase().replace(/^(?:ledgerline|report)[:_-]/, '');
    const field = META_MAP[key];
    if (field)
      (meta as Record<string, unknown>)[field] =
        field === 'scope' ? (/stand/i.test(v) ? 'standalone' : /consol/i.test(v) ? 'consolidated' : null) : v.trim();
  }
  const title = typeof info.Title === 'string' && info.Title.trim() ? storableText(info.Title.trim()) : null;
  for (const k of Object.keys(meta) as (keyof ReportMeta)[])
    if (typeof meta[k] === 'string') (meta as Record<string, unknown>)[k] = storableText(meta[k] as string);
  return { meta, title };
}

/** Extracts a text PDF. Throws AppErrors for encrypted, malformed, empty, image-only or too long files. */
export async function extractPdfReport(
  bytes: Uint8Array,
  fileName: string,
  opts: { maxPages?: number; maxDecodedBytes?: number; onPage?: (page: number, pages: number) => void } = {},
): Promise<ReportDocument> {
  if (bytes.byteLength === 0) throw ingestError('bad_request:empty_pdf', fileName, 'the file is empty');
  // a small PDF inflating to hundreds of MB is refused before pdf.js decodes it (pdf-budget.ts)
  await checkPdfDecodedBudget(bytes, fileName, opts.maxDecodedBytes);
  const pdfjs = await loadPdfJs();
  // pdf.js takes ownership of (and detaches) the buffer it is given
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const task = pdfjs.getDocument({
    data,
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    const name = (e as { name?: string })?.name ?? '';
    if (name === 'PasswordException')
      throw ingestError(
        'bad_request:pdf_encrypted',
        fileName,
        'the PDF is encrypted (password protected); decrypt it before ingesting',
        undefined,
        e,
      );
    if (name === 'InvalidPDFException')
      throw ingestError('bad_request:malformed_pdf', fileName, `not a readable PDF: ${(e as Error).message}`, undefined, e);
    throw ingestError('bad_request:malformed_pdf', fileName, `cannot open the PDF: ${(e as Error)?.message ?? String(e)}`, undefined, e);
  }
  try {
    const maxPages = opts.maxPages ?? MAX_PDF_PAGES;
    if (doc.numPages > maxPages)
      throw ingestError('payload_too_large:pdf_pages', fileName, `the PDF has ${doc.numPages} pages; the limit is ${maxPages}`);
    let meta: ReportMeta = {};
    let title: string | null = null;
    try {
      const m = await doc.getMetadata();
      ({ meta, title } = metaFromInfo((m.info ?? {}) as Record<string, unknown>));
    } catch {
      // metadata is a hint only
    }
    const layout = new PdfLayout();
    const problems: string[] = [];
    let chars = 0;
    // the ligatures of fonts whose glyphs map to no character, read once from the first pages that print one
    let ligatures: Map<string, string> | null = null;
    for (let n = 1; n <= doc.numPages; n++) {
      let items: Item[] = [];
      try {
        const page = await doc.getPage(n);
        const content = await page.getTextContent();
        if (!ligatures && content.items.some((it) => 'str' in it && UNMAPPED.test(it.str))) {
          const sample: TextItemLike[][] = [content.items as TextItemLike[]];
          for (let k = n + 1; k <= Math.min(doc.numPages, n + 11); k++) {
            const pg = await doc.getPage(k);
            sample.push((await pg.getTextContent()).items as TextItemLike[]);
            pg.cleanup();
          }
          ligatures = ligatureVotes(sample);
        }
        items = [];
        for (const it of content.items) {
          if (!('str' in it) || !it.str) continue;
          const [a, b, , d, e, f] = it.transform as number[];
          const size = Math.hypot(b ?? 0, d ?? 0) || Math.abs(a ?? 0) || 10;
          if (Math.abs(b ?? 0) > Math.abs(a ?? 0)) continue; // rotated text (margins, watermarks)
          const lig = UNMAPPED.test(it.str) ? ligatures?.get(it.fontName) : undefined;
          const text = lig ?? storableText(it.str);
          if (!text) continue;
          items.push({ x0: e ?? 0, x1: (e ?? 0) + (it.width ?? 0), y: f ?? 0, size, text });
          chars += text.trim().length;
        }
        page.cleanup();
      } catch (e) {
        problems.push(`page ${n}: ${(e as Error)?.message ?? String(e)}`);
      }
      layout.addPage(n, items);
      opts.onPage?.(n, doc.numPages);
    }
    if (chars === 0)
      throw ingestError(
        'bad_request:pdf_no_text',
        fileName,
        `no extractable text in ${doc.numPages} page(s): a scanned or image-only PDF (OCR is not supported)`,
      );
    const firstHeading = layout.blocks.find((b) => b.kind === 'heading')?.text ?? null;
    return {
      format: 'pdf',
      title: title ?? firstHeading,
      meta,
      tables: layout.tables,
      blocks: layout.blocks,
      pages: doc.numPages,
      problems,
      text: layout.text,
    };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
