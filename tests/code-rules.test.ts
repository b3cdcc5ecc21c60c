/**
 * Rules of the codebase a type checker cannot hold: no double cast (`as unknown as`) in product code —
 * it switches the checker off exactly where two types disagree (a transaction is a Db; execute()
 * results go through rowsOf; a stored answer through its guard). And a size ratchet: no product file over
 * 800 lines, no function over 150 lines and no more non-null assertions than before, except what
 * tests/code-size.frozen.json lists — a list that may only shrink.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type FileSize,
  functionKey,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  measuredFiles,
  measureFile,
  measureSource,
  readFrozen,
} from './support/code-size';
import { ROOT as root, productFiles } from './support/product-files';

describe('code rules', () => {
  it('no `as unknown as` in product code (lib, app, components)', () => {
    const offenders: string[] = [];
    for (const file of [...productFiles('lib'), ...productFiles('app'), ...productFiles('components')]) {
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\bas\s+unknown\s+as\b/.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});

/**
 * Checks sizes against a frozen list: an unlisted item over the limit fails, a listed one that grew
 * fails, and a listed one now within the limit fails until it is taken off the list.
 */
function ratchet(current: Map<string, number>, frozen: Record<string, number>, limit: number): string[] {
  const problems: string[] = [];
  for (const [key, size] of current) {
    const allowed = frozen[key];
    if (size > limit && allowed === undefined) problems.push(`${key}: ${size} lines (limit ${limit}; split it)`);
    else if (allowed !== undefined && size > allowed) problems.push(`${key}: ${size} lines, grew from ${allowed} (it may only shrink)`);
  }
  for (const [key, allowed] of Object.entries(frozen)) {
    const size = current.get(key);
    if (size === undefined) problems.push(`${key}: listed (${allowed}) but gone or renamed — take it off the list`);
    else if (size <= limit) problems.push(`${key}: ${size} lines, within the limit now — take it off the list`);
  }
  return problems;
}

describe('size ratchet (tests/code-size.frozen.json)', () => {
  it('measures declarations, methods and arrows by their enclosing names, and counts non-null assertions', () => {
    const src = [
      'export function outer(a?: number) {',
      '  const inner = (b: number) => b! + a!;',
      '  return [1].map((x) => inner(x));',
      '}',
      'class Reader {',
      '  read() {',
      '    return 1;',
      '  }',
      '}',
      '',
    ].join('\n');
    const m = measureSource('x.ts', src);
    expect(m.lines).toBe(9);
    expect(m.nonNull).toBe(2);
    expect(m.functions.map((f) => [f.name, f.lines])).toEqual([
      ['outer', 4],
      ['outer.inner', 1],
      ['outer.<arrow>', 1],
      ['Reader.read', 3],
    ]);
    expect(
      ratchet(
        new Map([
          ['a', 900],
          ['b', 700],
          ['c', 950],
        ]),
        { a: 901, b: 820, c: 900 },
        800,
      ),
    ).toEqual(['c: 950 lines, grew from 900 (it may only shrink)', 'b: 700 lines, within the limit now — take it off the list']);
  });

  let measured: FileSize[] = [];
  const measuredOnce = () => {
    if (measured.length === 0) measured = measuredFiles().map(measureFile);
    return measured;
  };

  it(`no product file over ${MAX_FILE_LINES} lines, except the frozen list, which may only shrink`, () => {
    const current = new Map(measuredOnce().map((m) => [m.file, m.lines] as const));
    expect(ratchet(current, readFrozen().files, MAX_FILE_LINES)).toEqual([]);
  }, 120_000);

  it(`no function over ${MAX_FUNCTION_LINES} lines (declarations, methods, arrows), except the frozen list, which may only shrink`, () => {
    const current = new Map<string, number>();
    for (const m of measuredOnce()) for (const f of m.functions) current.set(functionKey(m.file, f.name), f.lines);
    expect(ratchet(current, readFrozen().functions, MAX_FUNCTION_LINES)).toEqual([]);
  }, 120_000);

  it(`the planner (lib/planner) has no function over ${MAX_FUNCTION_LINES} lines and no file over ${MAX_FILE_LINES}: nothing of it is frozen`, () => {
    const frozen = readFrozen();
    expect([...Object.keys(frozen.files), ...Object.keys(frozen.functions)].filter((k) => k.startsWith('lib/planner/'))).toEqual([]);
    const long = measuredOnce()
      .filter((m) => m.file.startsWith('lib/planner/'))
      .flatMap((m) => [
        ...(m.lines > MAX_FILE_LINES ? [`${m.file}: ${m.lines} lines`] : []),
        ...m.functions.filter((f) => f.lines > MAX_FUNCTION_LINES).map((f) => `${functionKey(m.file, f.name)}: ${f.lines} lines`),
      ]);
    expect(long).toEqual([]);
  }, 120_000);

  it('non-null assertions (x!) in product code do not grow', () => {
    const files = measuredOnce();
    const total = files.reduce((n, m) => n + m.nonNull, 0);
    const allowed = readFrozen().nonNullTotal;
    const top = [...files]
      .sort((a, b) => b.nonNull - a.nonNull)
      .slice(0, 5)
      .map((m) => `${m.file} ${m.nonNull}`);
    expect(total, `${total} non-null assertions, ${allowed} allowed; most in: ${top.join(', ')}`).toBeLessThanOrEqual(allowed);
  }, 120_000);
});
