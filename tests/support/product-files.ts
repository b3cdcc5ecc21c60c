import fs from 'node:fs';
import path from 'node:path';

/** The project root. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Product source files (.ts/.tsx, no tests, no fixtures) under `dir`, relative to the root. */
export function productFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== '__fixtures__') out.push(...productFiles(rel));
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}
