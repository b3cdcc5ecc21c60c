/**
 * Rules of the codebase a type checker cannot hold: no double cast (`as unknown as`) in product code —
 * it switches the checker off exactly where two types disagree (a transaction is a Db; execute()
 * results go through rowsOf; a stored answer through its guard).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
