/**
 * A 400 KB PDF inflating to 400 MB must not cost 23–27 s and 445 MB before a proper error. The
 * decoded-stream budget (lib/ingest/report/pdf-budget.ts) refuses it before pdf.js decodes anything, with
 * a typed 413, inflating into a counter (bounded memory) and stopping at the budget.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { isAppError } from '@/lib/errors';
import { extractPdfReport } from '@/lib/ingest/report/pdf';
import { checkPdfDecodedBudget, MAX_PDF_DECODED_BYTES } from '@/lib/ingest/report/pdf-budget';

/** zlib data of `total` zero bytes, deflated 1 MB at a time (the test itself never holds the inflated form). */
async function deflatedZeros(total: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const source = Readable.from(
    (function* () {
      for (let left = total; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );
  const out: Buffer[] = [];
  await pipeline(source, zlib.createDeflate({ level: 9 }), async (deflated: AsyncIterable<Buffer>) => {
    for await (const b of deflated) out.push(b);
  });
  return Buffer.concat(out);
}

/** A one-page PDF whose content stream is `data` (FlateDecode), with an image stream beside it. */
function bombPdf(data: Buffer, image?: Buffer): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n' +
      `4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode /DecodeParms << /Columns 1 >> >>\nstream\n`,
    'latin1',
  );
  const parts = [head, data, Buffer.from('\nendstream\nendobj\n', 'latin1')];
  if (image)
    parts.push(
      Buffer.from(
        `5 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /Length ${image.length} /Filter /FlateDecode >>\nstream\r\n`,
        'latin1',
      ),
      image,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'));
  return Buffer.concat(parts);
}

describe('PDF decoded-stream budget', () => {
  it('a ~400 KB PDF inflating to 400 MB is refused with a typed 413 before pdf.js, without inflating it all', async () => {
    const pdf = bombPdf(await deflatedZeros(400 * 1024 * 1024));
    expect(pdf.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const err = await extractPdfReport(pdf, 'bomb.pdf').catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('payload_too_large:pdf_decoded');
    expect((err as Error).message).toMatch(/decodes to more than 256 MB/);
    // the counter keeps no output: far less than the 400 MB (or even the 256 MB budget) is ever held
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 1024 * 1024);
  });

  it('counts every text-relevant stream against one budget; images (never decoded for text) do not count', async () => {
    const mb = 1024 * 1024;
    const pdf = bombPdf(await deflatedZeros(3 * mb), await deflatedZeros(50 * mb));
    await expect(checkPdfDecodedBudget(pdf, 'x.pdf', 4 * mb)).resolves.toBeUndefined();
    const err = await checkPdfDecodedBudget(pdf, 'x.pdf', 2 * mb).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('payload_too_large:pdf_decoded');
    expect(MAX_PDF_DECODED_BYTES).toBe(256 * mb);
  });

  it('an ordinary text PDF passes the budget and reads as before', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 3; p++) doc.addPage([612, 792]).drawText(`Revenue from operations ${1000 + p}`, { x: 72, y: 700, size: 12, font });
    const bytes = await doc.save();
    await expect(checkPdfDecodedBudget(bytes, 'ok.pdf')).resolves.toBeUndefined();
    const report = await extractPdfReport(bytes, 'ok.pdf');
    expect(report.pages).toBe(3);
    expect(report.text).toContain('Revenue from operations 1001');
  });
});
