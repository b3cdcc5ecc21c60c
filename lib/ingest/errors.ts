import { AppError, type ErrorCode } from '@/lib/errors';

/** Where in a file a problem was found: a line/column, a JSON path, or an element path. */
export interface FilePlace {
  line?: number;
  column?: number;
  offset?: number;
  path?: string;
}

export function describePlace(place: FilePlace | undefined): string {
  if (!place) return '';
  const parts: string[] = [];
  if (place.line !== undefined) parts.push(`line ${place.line}${place.column !== undefined ? `, column ${place.column}` : ''}`);
  else if (place.offset !== undefined) parts.push(`byte ${place.offset}`);
  if (place.path) parts.push(`at ${place.path}`);
  return parts.join(' ');
}

/** An ingestion error naming the file and the place in it. */
export function ingestError(code: ErrorCode, file: string, message: string, place?: FilePlace, cause?: unknown): AppError {
  const where = describePlace(place);
  return new AppError(code, `${file}${where ? ` (${where})` : ''}: ${message}`, {
    cause,
    details: { file, ...(place ?? {}) },
  });
}

/** Line and column (1-based) of a character offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: end - last };
}

/** JSON.parse with an error that names the file, line and column. */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const m = /position (\d+)/.exec(msg);
    const offset = m ? Number(m[1]) : text.length;
    const { line, column } = lineColumn(text, offset);
    const reason = msg.replace(/\s*in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    throw ingestError('bad_request:malformed_json', file, `malformed JSON: ${reason}`, { line, column, offset }, e);
  }
}
