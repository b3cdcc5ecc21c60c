import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

const isClient = (src: string) => /^\s*(['"])use client\1/.test(src);

/** `@/x/y` or `./y` as a file under the repository, or null for a package. */
function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(path.join(ROOT, from)), spec)
      : null;
  if (!base) return null;
  for (const ext of ['.tsx', '.ts', '/index.tsx', '/index.ts']) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

describe('the client boundary', () => {
  // a server module receives a 'use client' module's exports as client references: a component renders,
  // but a string or a helper function is not what it seems (a class attribute held a function's source)
  it('server modules import only components (and types) from client modules', () => {
    const wrong: string[] = [];
    for (const f of [...files('app'), ...files('components')]) {
      const src = fs.readFileSync(path.join(ROOT, f), 'utf8');
      if (isClient(src)) continue;
      for (const m of src.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s+from\s+'([^']+)'/gm)) {
        const target = resolve(f, m[2]!);
        if (!target || !isClient(fs.readFileSync(target, 'utf8'))) continue;
        const values = m[1]!
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '));
        for (const n of values) if (!/^[A-Z]/.test(n)) wrong.push(`${f}: ${n} from ${m[2]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
