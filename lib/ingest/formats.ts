import { companyFactsFormat } from './companyfacts';
import { htmlReportFormat, pdfReportFormat } from './report/format';
import { ingestError } from './errors';
import { submissionsFormat } from './submissions-format';
import type { FormatHandler } from './types';
import { ixbrlFormat } from './ixbrl/format';
import { xbrlInstanceFormat } from './xbrl/instance';

/** Supported formats, most specific first. Other ingesters register here. */
export const FORMATS: FormatHandler<unknown>[] = [companyFactsFormat, submissionsFormat, xbrlInstanceFormat, ixbrlFormat];
// Report documents (plain HTML without ix: tags, text PDFs) go last: they are the least specific.
FORMATS.push(htmlReportFormat as FormatHandler<unknown>, pdfReportFormat as FormatHandler<unknown>);

const HEAD_BYTES = 64 * 1024;

/** The format of a file from its first bytes (and name), or a clear `unsupported:format` error. */
export function detectFormat(bytes: Uint8Array, fileName: string, forced?: string): FormatHandler {
  if (forced) {
    const f = FORMATS.find((h) => h.format === forced);
    if (!f)
      throw ingestError('bad_request:format', fileName, `unknown format '${forced}' (known: ${FORMATS.map((h) => h.format).join(', ')})`);
    return f;
  }
  const head = Buffer.from(bytes.subarray(0, HEAD_BYTES))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const found = FORMATS.find((h) => h.detect(head, fileName));
  if (found) return found;
  const kind = /^%PDF/.test(head)
    ? 'a PDF'
    : /^\s*[{[]/.test(head)
      ? 'JSON that is neither SEC companyfacts nor submissions'
      : /^\s*</.test(head)
        ? 'markup without XBRL'
        : head.trim() === ''
          ? 'an empty file'
          : 'not a recognized format';
  throw ingestError('unsupported:format', fileName, `cannot ingest ${kind} (supported: ${FORMATS.map((h) => h.format).join(', ')})`);
}
