/**
 * Rules of the codebase a type checker cannot hold: no double cast (`as unknown as`) in product code —
 * it switches the checker off exactly where two types disagree (a transaction is a Db; execute()
 * results go through rowsOf; a stored answer through its guard).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function productFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== '__fixtures__') out.push(...productFiles(rel));
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

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
