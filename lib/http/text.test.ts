import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacter, jsonTextMayHaveControlCharacter } from './text';

/** Every way a character can appear in a JSON string: raw (when JSON allows it), \uXXXX in either case, and its short escape. */
function spellings(code: number): string[] {
  const hex = code.toString(16).padStart(4, '0');
  const out = [`"\\u${hex}"`, `"\\u${hex.toUpperCase()}"`, `{"k\\u${hex}":1}`];
  if (code >= 0x20 && code !== 0x22 && code !== 0x5c)
    out.push(JSON.stringify(String.fromCharCode(code)), `{${JSON.stringify(`a${String.fromCharCode(code)}`)}:[1]}`);
  const short: Record<number, string> = { 8: 'b', 9: 't', 10: 'n', 12: 'f', 13: 'r' };
  if (short[code]) out.push(`"x\\${short[code]}y"`);
  return out;
}

describe('jsonTextMayHaveControlCharacter', () => {
  it('never misses a control character that the parsed value holds (no false negatives, U+0000–U+00FF and beyond)', () => {
    for (let code = 0; code <= 0x2ff; code++) {
      for (const text of spellings(code)) {
        const refused = findControlCharacter(JSON.parse(text)) !== null;
        expect(refused, `${code.toString(16)} ${text}`).toBe(hasControlCharacter(String.fromCharCode(code)));
        if (refused) expect(jsonTextMayHaveControlCharacter(text), `${code.toString(16)} ${text}`).toBe(true);
      }
    }
  });

  it('passes ordinary bodies without a walk, including tabs and line breaks written raw between values', () => {
    expect(
      jsonTextMayHaveControlCharacter(
        JSON.stringify({ question: 'Apple revenue FY2024 — in € and ₹?', messages: [{ id: 'm1', parts: [{ type: 'text', text: 'ok' }] }] }),
      ),
    ).toBe(false);
    expect(jsonTextMayHaveControlCharacter('{\n\t"question": "revenue"\r\n}')).toBe(false);
  });

  it('an escaped backslash before b/f or u00xx is a false positive, settled by the walk', () => {
    const text = JSON.stringify({ path: 'C:\\bin\\u0000x' });
    expect(jsonTextMayHaveControlCharacter(text)).toBe(true);
    expect(findControlCharacter(JSON.parse(text))).toBeNull();
  });
});
