/**
 * Control characters in input (a NUL byte in a question, filter, entity name or verdict comment must not
 * reach PostgreSQL, which refuses NUL in text with an untyped error that could show the SQL). Every JSON
 * body, server-action input and URL is checked before any work and refused with a typed 400. Allowed:
 * tab, line feed, carriage return (multi-line comments); refused: the rest of C0, DEL, and the C1 range.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacter(s: string): boolean {
  return CONTROL.test(s);
}

/**
 * Where the first string (or object key) with a control character sits in a parsed value (`messages.0.text`),
 * or null. Walks at most `maxNodes` values (bodies are size-limited before this runs).
 */
export function findControlCharacter(value: unknown, maxNodes = 100_000): string | null {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: '' }];
  let seen = 0;
  while (stack.length > 0 && seen++ < maxNodes) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL.test(v)) return path || '(value)';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: path ? `${path}.${i}` : String(i) });
    } else if (v && typeof v === 'object') {
      if (typeof File !== 'undefined' && v instanceof File) {
        if (CONTROL.test(v.name)) return path || '(file name)';
        continue;
      }
      for (const [k, child] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (CONTROL.test(k)) return p;
        stack.push({ v: child, path: p });
      }
    }
  }
  return null;
}

/**
 * Whether a JSON text may hold a refused control character once parsed — in a string or a key — without
 * parsing it: JSON forbids raw C0 characters inside strings (JSON.parse refuses them), so one can only
 * arrive escaped (`\b`, `\f`, `\u0000`–`\u001f`) or as a raw DEL/C1 character (U+007F–U+009F). False
 * positives are possible (an escaped tab `\u0009`, an escaped backslash before a `b`): the caller then
 * walks the parsed value with findControlCharacter, which tells the exact place; a false negative is not.
 * One regular-expression scan of the text instead of a walk that builds a path for every value (a
 * 2,000-entity body cost 20–40 ms of walking on a loaded machine).
 */
const JSON_CONTROL = /[\u007f-\u009f]|\\(?:[bf]|u00(?:[01][0-9a-fA-F]|7[fF]|[89][0-9a-fA-F]))/;

export function jsonTextMayHaveControlCharacter(text: string): boolean {
  return JSON_CONTROL.test(text);
}

export const CONTROL_CHARACTER_MESSAGE = 'Text may not contain control characters (such as NUL).';
