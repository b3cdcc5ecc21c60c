/**
 * Every string and array of request input has an upper bound. The schemas are not listed
 * here: importing every route handler and server action under app/ declares them (roleAction and
 * roleFormAction register their input schema, route files and actions declare what else they parse with
 * `requestSchema`, lib/server/input-schemas.ts), and each is walked through zod's definitions. A route or
 * action file that parses with a schema it did not declare fails the second test, so a new one cannot slip by.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

import { isRequestSchema, requestSchemas } from '@/lib/server/input-schemas';
import { patternIsBounded, unboundedInputs } from './support/zod-bounds';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** route.ts and actions*.ts under app/, plus the schema modules next to routes. */
function inputFiles(dir = path.join(ROOT, 'app'), out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) inputFiles(p, out);
    else if (/^(route|actions[\w-]*|schema)\.ts$/.test(e.name)) out.push(path.relative(ROOT, p).split(path.sep).join('/'));
  }
  return out.sort();
}

/**
 * Helpers from lib/ that parse request input for a route or action with their own schema: the schema each
 * uses must be declared (the file that calls the helper declares it). A new `parse…` helper fails until named.
 */
const PARSE_HELPERS: Record<string, () => Promise<unknown>> = {
  parseFactFilters: async () => (await import('@/lib/facts/list-facts')).factFiltersSchema,
};

/** What a source parses request input with: `x.safeParse(`, `x.parse(`, `formInput(x, …)`, imported `parseX(` helpers. */
function parseSites(src: string): { receivers: string[]; inline: number; helpers: string[] } {
  const code = src.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const receivers = new Set<string>();
  let inline = 0;
  for (const m of code.matchAll(/([\w$.)\]]+)\.(safeParse|parse|safeParseAsync|parseAsync)\(/g)) {
    const recv = m[1]!;
    if (recv === 'JSON') continue;
    if (/^[A-Za-z_$][\w$]*$/.test(recv)) receivers.add(recv);
    else inline++; // z.enum([...]).safeParse(...) or a.b.parse(...): a schema nobody declared
  }
  for (const m of code.matchAll(/\bformInput\(\s*([A-Za-z_$][\w$]*)/g)) receivers.add(m[1]!);
  const imported = new Set(
    [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@\/lib\//g)].flatMap((m) =>
      m[1]!.split(',').map(
        (s) =>
          s
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
      ),
    ),
  );
  const helpers = [...new Set([...code.matchAll(/\b(parse[A-Z]\w*)\(/g)].map((m) => m[1]!))].filter((h) => imported.has(h));
  return { receivers: [...receivers], inline, helpers };
}

describe('request input bounds', () => {
  const files = inputFiles();
  const modules = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    for (const f of files) modules.set(f, (await import(/* @vite-ignore */ path.join(ROOT, f))) as Record<string, unknown>);
  });

  it('finds the route handlers and server actions and their schemas', () => {
    expect(files.filter((f) => f.endsWith('/route.ts')).length).toBeGreaterThanOrEqual(8);
    expect(files.filter((f) => /actions/.test(f)).length).toBeGreaterThanOrEqual(8);
    // every roleAction/roleFormAction call declares its schema on import
    const wrapperCalls = files.reduce(
      (n, f) => n + (fs.readFileSync(path.join(ROOT, f), 'utf8').match(/\brole(Form)?Action\(/g)?.length ?? 0),
      0,
    );
    expect(wrapperCalls).toBeGreaterThanOrEqual(12);
    expect(requestSchemas().filter((s) => s.where.some((w) => w.startsWith('server action input'))).length).toBeGreaterThanOrEqual(
      wrapperCalls - 1,
    );
  });

  it('every schema a route or action parses request input with is declared', async () => {
    const undeclared: string[] = [];
    for (const f of files) {
      const src = fs.readFileSync(path.join(ROOT, f), 'utf8');
      const { receivers, inline, helpers } = parseSites(src);
      if (inline) undeclared.push(`${f}: ${inline} parse call(s) on an inline schema (declare it with requestSchema)`);
      for (const r of receivers) {
        const local = new RegExp(`\\bconst\\s+${r.replace(/\$/g, '\\$')}\\s*=\\s*requestSchema\\(`).test(src);
        const importedFrom = new RegExp(`import\\s*\\{[^}]*\\b${r}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(src)?.[1];
        let ok = local;
        if (!ok && importedFrom) {
          const mod = (await import(
            /* @vite-ignore */ importedFrom.startsWith('@/')
              ? path.join(ROOT, importedFrom.slice(2))
              : path.resolve(path.dirname(path.join(ROOT, f)), importedFrom)
          )) as Record<string, unknown>;
          ok = isRequestSchema(mod[r]);
        }
        // a parse on a value that is not a zod schema (a parsed result, a local helper) is not input parsing
        const declaredHere = new RegExp(`\\b(const|let)\\s+${r}\\s*=\\s*(z\\.|[\\w.]+Schema\\b)`).test(src);
        if (!ok && (importedFrom || declaredHere))
          undeclared.push(`${f}: ${r} parses request input but is not declared with requestSchema`);
      }
      for (const h of helpers) {
        const schema = PARSE_HELPERS[h];
        if (!schema) undeclared.push(`${f}: ${h}() parses request input with a schema this test does not know (add it to PARSE_HELPERS)`);
        else if (!isRequestSchema(await schema()))
          undeclared.push(`${f}: the schema ${h}() parses with is not declared with requestSchema`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('every string, array and record of request input has an upper bound', () => {
    const unbounded = requestSchemas().flatMap(({ where, schema }) => unboundedInputs(schema).map((u) => `${where.join(' / ')} ${u}`));
    expect(unbounded).toEqual([]);
  });

  it('the walker and the scan fail on what they must (they are not vacuous)', () => {
    expect(unboundedInputs(z.string())).toEqual(['$: string without a maximum length']);
    expect(unboundedInputs(z.object({ q: z.string().trim().min(1) }))).toEqual(['$.q: string without a maximum length']);
    expect(unboundedInputs(z.array(z.string().max(3)))).toEqual(['$: array without a maximum number of items']);
    expect(unboundedInputs(z.object({ a: z.array(z.object({ b: z.string() })).max(2) }))).toEqual([
      '$.a[].b: string without a maximum length',
    ]);
    expect(unboundedInputs(z.record(z.string().max(5), z.number()))).toEqual([
      '$: record with unbounded keys (no maximum number of entries)',
    ]);
    expect(unboundedInputs(z.object({ t: z.string().max(5) }).passthrough())).toEqual([
      '$: object keeping unknown keys (passthrough/catchall)',
    ]);
    expect(unboundedInputs(z.object({ v: z.unknown() }))).toEqual(['$.v: unknown (accepts anything)']);
    expect(unboundedInputs(z.preprocess((v) => v, z.string()))).toEqual(['$: string without a maximum length']);
    expect(unboundedInputs(z.union([z.string().max(2), z.array(z.number())]))).toEqual(['$|1: array without a maximum number of items']);
    expect(unboundedInputs(z.email())).toEqual(['$: string without a maximum length']);
    expect(unboundedInputs(z.string().regex(/^[a-z]+$/))).toEqual(['$: string without a maximum length']);
    // bounded
    expect(
      unboundedInputs(
        z
          .object({
            id: z.string().regex(/^[0-9a-f]{64}$/),
            e: z.enum(['a']),
            n: z.coerce.number(),
            l: z.array(z.string().max(9)).max(3),
            r: z.record(z.enum(['x', 'y']), z.number()),
          })
          .strict(),
      ),
    ).toEqual([]);
    expect(unboundedInputs(z.string().trim().toLowerCase().max(254).pipe(z.email()))).toEqual([]);
    expect(patternIsBounded(/^[A-Za-z0-9_-]{8,100}$/)).toBe(true);
    expect(patternIsBounded(/^a{2,}$/)).toBe(false);
    expect(patternIsBounded(/[0-9]{3}/)).toBe(false);
    expect(patternIsBounded(/^a$|b/)).toBe(false);

    expect(
      parseSites(`const s = z.string();\nexport async function GET() { s.safeParse(1); z.enum(['a']).parse(2); JSON.parse('1'); }`),
    ).toEqual({ receivers: ['s'], inline: 1, helpers: [] });
    expect(parseSites(`import { parseThing } from '@/lib/x';\nparseThing(q); parseLocal(q);`).helpers).toEqual(['parseThing']);
  });
});
