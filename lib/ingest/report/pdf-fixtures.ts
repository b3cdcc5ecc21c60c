/**
 * PDFs built in memory for tests and the benchmark: a text statement of any length, an image-only
 * page, an encrypted file, malformed and truncated bytes, a small file inflating to a huge page of text.
 * Nothing is downloaded.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Serializes PDF objects with a correct cross-reference table. */
function assemble(objects: string[], trailerExtra = ''): Uint8Array {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A one-page PDF protected by the standard security handler with a user password (not the empty one). */
export function encryptedPdf(): Uint8Array {
  const hex32 = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  return assemble(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
      '<< /Length 20 >>\nstream\nBT ET 0 0 m 1 1 l S\nendstream',
      `<< /Filter /Standard /V 1 /R 2 /O <${hex32(7)}> /U <${hex32(91)}> /P -44 >>`,
    ],
    `/Encrypt 5 0 R /ID [<${hex32(3).slice(0, 32)}> <${hex32(3).slice(0, 32)}>] `,
  );
}

/** A page with only vector graphics and an image: what a scanned report looks like to a text extractor. */
export async function imageOnlyPdf(pages = 2): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // 1×1 grey PNG
  const png = await pdf.embedPng(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64'),
  );
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([595, 842]);
    page.drawImage(png, { x: 50, y: 100, width: 495, height: 650 });
    page.drawRectangle({ x: 40, y: 90, width: 515, height: 670, borderWidth: 1 });
  }
  return pdf.save();
}

/**
 * A text PDF of `pages` pages, each a statement page with a title, a unit line, a two-column header
 * and `rows` lines of figures (used by robustness tests and the pages-per-second benchmark).
 */
export async function statementPdf(pages: number, rows = 30, opts: { repeatHeader?: boolean } = {}): Promise<Uint8Array> {
  const repeat = opts.repeatHeader ?? true;
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.setTitle('Benchmark Industries Ltd — Annual Report 2024-25');
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([595, 842]);
    let y = 790;
    const text = (t: string, x: number, size = 8) => page.drawText(t, { x, y, size, font });
    const right = (t: string, xr: number, size = 8) => page.drawText(t, { x: xr - font.widthOfTextAtSize(t, size), y, size, font });
    if (repeat || p === 0) {
      text(`Note ${p + 1}: Schedule of operating costs for the year ended 31 March 2025`, 48, 11);
      y -= 18;
      right('(Rs. in crore)', 547);
      y -= 16;
      text('Particulars', 48);
      right('Year ended 31 March 2025', 450);
      right('Year ended 31 March 2024', 547);
      y -= 14;
    }
    for (let r = 0; r < rows; r++) {
      const a = ((p * 97 + r * 31) % 9000) + 100 + r / 100;
      const b = ((p * 53 + r * 17) % 9000) + 50 + r / 100;
      text(r === rows - 1 ? 'Total' : `Cost line ${r + 1} of schedule ${p + 1}`, 48);
      right(a.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), 450);
      right(b.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), 547);
      y -= 12;
    }
    y -= 10;
    text('The figures above are presented in crore of rupees and rounded to two decimal places.', 48);
  }
  return pdf.save({ useObjectStreams: false });
}

/** Not a PDF behind a PDF header. */
export function malformedPdf(): Uint8Array {
  return new Uint8Array(
    Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ngarbage without xref or trailer\n', 'latin1'),
  );
}

/** One text item of a laid-out line: at `x` (left edge), right-aligned at `right`, or centred on `center`. */
export interface LaidItem {
  text: string;
  x?: number;
  right?: number;
  center?: number;
  size?: number;
}

/**
 * A text PDF laid out line by line (tests of table layouts): each page a list of lines, each line its
 * items; `gap` is the distance to the line above (default 12 points).
 */
export async function layoutPdf(pages: { items: LaidItem[]; gap?: number }[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    let y = 750;
    for (const line of lines) {
      y -= line.gap ?? 12;
      for (const it of line.items) {
        const size = it.size ?? 8;
        const w = font.widthOfTextAtSize(it.text, size);
        const x = it.right !== undefined ? it.right - w : it.center !== undefined ? it.center - w / 2 : (it.x ?? 40);
        page.drawText(it.text, { x, y, size, font });
      }
    }
  }
  return pdf.save({ useObjectStreams: false });
}

/**
 * A one-page PDF whose content stream inflates to `mb` MB of short text-show operators, each one a text item
 * for pdf.js (200 MB: a 0.6 MB file). Deflated a megabyte at a time: the inflated stream is never held.
 */
export async function textBombPdf(mb: number): Promise<Uint8Array> {
  const op = Buffer.from('BT /F1 9 Tf 72 700 Td (Revenue 1,234) Tj ET\n', 'latin1');
  const run = Buffer.concat(Array.from({ length: Math.floor((1024 * 1024) / op.length) }, () => op));
  const parts: Buffer[] = [];
  const runs = Readable.from(
    (function* () {
      for (let i = 0; i < mb; i++) yield run;
    })(),
  );
  await pipeline(runs, zlib.createDeflate({ level: 9 }), async (out: AsyncIterable<Buffer>) => {
    for await (const b of out) parts.push(b);
  });
  const data = Buffer.concat(parts);
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data.toString('latin1')}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}
