/**
 * A decoded-stream budget checked before pdf.js sees a PDF: a 400 KB PDF inflating to
 * 400 MB must be refused at once, in bounded memory, not after 23–27 s and 445 MB. The raw bytes are scanned for stream objects
 * whose filter is FlateDecode and that pdf.js would decode to read text — content streams, object
 * streams, fonts; not images (`/Subtype /Image`: text extraction never decodes them) — and each is
 * inflated with a streaming inflater that only counts its output, stopping as soon as the total passes
 * the budget. Memory stays at one inflate window (the output is never kept) and the work at most the
 * budget's worth of inflation; over budget is a typed 413 `payload_too_large:pdf_decoded`.
 * An estimate, never a parser: a stream whose data cannot be inflated is left for pdf.js to judge.
 */
import zlib from 'node:zlib';
import { ingestError } from '../errors';

/** Bytes the text-relevant streams of one PDF may decode to (a 300-page annual report decodes to tens of MB). */
export const MAX_PDF_DECODED_BYTES = 256 * 1024 * 1024;

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
/** how far back from `stream` its dictionary is looked for */
const DICT_WINDOW = 2048;

/** Where each stream's data starts and ends in `bytes`, with the dictionary text before it. */
function* streams(bytes: Buffer): Generator<{ dict: string; start: number; end: number }> {
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(STREAM, from);
    if (at < 0) return;
    from = at + STREAM.length;
    // `endstream` also contains `stream`; a data start is `stream` followed by CRLF or LF
    if (at >= 3 && bytes.subarray(at - 3, at).toString('latin1') === 'end') continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d && bytes[start + 1] === 0x0a) start += 2;
    else if (bytes[start] === 0x0a || bytes[start] === 0x0d) start += 1;
    else continue;
    // the dictionary: from the object's `obj` keyword (nested dictionaries such as /DecodeParms stay inside)
    const before = bytes.subarray(Math.max(0, at - DICT_WINDOW), at).toString('latin1');
    const obj = before.lastIndexOf('obj');
    const dict = obj >= 0 ? before.slice(obj + 3) : before;
    if (!dict.includes('<<')) continue;
    const end = bytes.indexOf(END_STREAM, start);
    const stop = end < 0 ? bytes.length : end;
    from = stop;
    yield { dict, start, end: stop };
  }
}

/** Decoded length of one zlib stream, counting at most `limit` bytes (then stops); malformed data counts what it gave. */
function inflatedLength(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflater = zlib.createInflate({ chunkSize: 64 * 1024 });
    let n = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inflater.removeAllListeners('data');
      inflater.destroy();
      resolve(n);
    };
    inflater.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > limit) finish();
    });
    inflater.on('end', finish);
    inflater.on('error', finish);
    inflater.end(data);
  });
}

/** Throws the typed 413 when the PDF's text-relevant Flate streams decode to more than `budget` bytes. */
export async function checkPdfDecodedBudget(bytes: Uint8Array, fileName: string, budget = MAX_PDF_DECODED_BYTES): Promise<void> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const s of streams(buf)) {
    if (!/\/FlateDecode\b|\/Fl\b/.test(s.dict) || /\/Subtype\s*\/Image\b/.test(s.dict)) continue;
    total += await inflatedLength(buf.subarray(s.start, s.end), budget - total);
    if (total > budget) {
      throw ingestError(
        'payload_too_large:pdf_decoded',
        fileName,
        `the PDF's content decodes to more than ${Math.round(budget / (1024 * 1024))} MB (from ${Math.max(1, Math.round(bytes.byteLength / 1024))} KB); refused before reading it`,
      );
    }
  }
}
