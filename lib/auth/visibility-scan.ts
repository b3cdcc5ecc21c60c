/**
 * A static check that every read of protected tables in lib/ goes through the visibility helpers
 * (lib/auth/visibility.ts). Used by visibility.scan.test.ts.
 *
 * A "read" is a raw SQL template (sql`…`) that selects or joins from facts, chunks, source_tables,
 * source_cells, manifests or fact_sightings, or a drizzle builder chain `.from(x)` / `.…Join(x)` /
 * `db.query.x` on those tables. It passes when its text calls a helper (`factVisible(`, …) or uses a
 * variable whose initializer does (followed transitively, e.g. `const where = [factVisible(s)]`;
 * `const cond = and(...where)`).
 */
export const PROTECTED_SQL = ['facts', 'chunks', 'source_tables', 'source_cells', 'manifests', 'fact_sightings'];
export const PROTECTED_TS = ['facts', 'chunks', 'sourceTables', 'sourceCells', 'manifests', 'factSightings'];
export const HELPERS = ['factVisible', 'chunkVisible', 'tableVisible', 'cellVisible', 'manifestVisible', 'sourceVisible'];

export interface Bypass {
  line: number;
  snippet: string;
}

interface Template {
  start: number;
  end: number;
  /** the static text, with each interpolation replaced by `${name}` (its source) */
  source: string;
  staticText: string;
}

/** Skip a string or template starting at `i` (a quote char); returns the index after it. */
function skipQuoted(src: string, i: number, templates: Template[] | null): number {
  const q = src[i]!;
  if (q === '`') return parseTemplate(src, i, templates).end;
  let j = i + 1;
  while (j < src.length && src[j] !== q) {
    if (src[j] === '\\') j++;
    if (src[j] === '\n') break;
    j++;
  }
  return j + 1;
}

/** Skip a `${ … }` interpolation starting at `i` (pointing at `$`); nested templates are collected. */
function skipInterpolation(src: string, i: number, templates: Template[] | null): number {
  let depth = 0;
  let j = i + 1;
  for (; j < src.length; j++) {
    const c = src[j]!;
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return j + 1;
    } else if (c === '"' || c === "'" || c === '`') j = skipQuoted(src, j, templates) - 1;
  }
  return j;
}

function parseTemplate(src: string, i: number, templates: Template[] | null): Template {
  let j = i + 1;
  let staticText = '';
  while (j < src.length && src[j] !== '`') {
    if (src[j] === '\\') {
      staticText += src[j + 1] ?? '';
      j += 2;
      continue;
    }
    if (src[j] === '$' && src[j + 1] === '{') {
      const end = skipInterpolation(src, j, templates);
      staticText += ' ${} ';
      j = end;
      continue;
    }
    staticText += src[j];
    j++;
  }
  const t: Template = { start: i, end: j + 1, source: src.slice(i, j + 1), staticText };
  templates?.push(t);
  return t;
}

/** Every template literal in the file (nested ones included), with their positions. */
function templatesOf(src: string): Template[] {
  const out: Template[] = [];
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2) + 1;
      if (i <= 0) break;
    } else if (c === '"' || c === "'" || c === '`') i = skipQuoted(src, i, out) - 1;
  }
  return out;
}

/** From `i`, the expression up to the end of the statement or list element (`;` or `,` at depth 0, or an unmatched closer). */
function expressionFrom(src: string, i: number): string {
  let depth = 0;
  let j = i;
  for (; j < src.length; j++) {
    const c = src[j]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) break;
      depth--;
    } else if ((c === ';' || c === ',') && depth === 0) break;
    else if (c === '"' || c === "'" || c === '`') j = skipQuoted(src, j, null) - 1;
  }
  return src.slice(i, j);
}

const helperCall = new RegExp(`\\b(${HELPERS.join('|')})\\(`);

/** Variables whose initializer (transitively) calls a helper. */
function taintedNames(src: string): Set<string> {
  const decls: [string, string][] = [];
  for (const m of src.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=(?!=)/g)) {
    decls.push([m[1]!, expressionFrom(src, m.index! + m[0].length)]);
  }
  const tainted = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, init] of decls) {
      if (tainted.has(name)) continue;
      if (helperCall.test(init) || [...tainted].some((t) => new RegExp(`(^|[^\\w$.]|\\.\\.\\.)${t.replace(/\$/g, '\\$')}\\b`).test(init))) {
        tainted.add(name);
        changed = true;
      }
    }
  }
  return tainted;
}

function passes(text: string, tainted: Set<string>): boolean {
  if (helperCall.test(text)) return true;
  return [...tainted].some((t) => new RegExp(`(^|[^\\w$.]|\\.\\.\\.)${t.replace(/\$/g, '\\$')}\\b`).test(text));
}

function lineOf(src: string, index: number): number {
  return src.slice(0, index).split('\n').length;
}

/** Reads of protected tables in one source file that do not go through a visibility helper. */
export function findBypasses(src: string): Bypass[] {
  const tainted = taintedNames(src);
  const out: Bypass[] = [];
  const rawRead = new RegExp(`\\b(from|join)\\s+(${PROTECTED_SQL.join('|')})\\b`, 'i');
  const interpolatedRead = new RegExp(`\\b(from|join)\\s+\\$\\{\\s*(${PROTECTED_TS.join('|')})\\s*\\}`, 'i');
  for (const t of templatesOf(src)) {
    if (!rawRead.test(t.staticText) && !interpolatedRead.test(t.source)) continue;
    if (passes(t.source, tainted)) continue;
    out.push({ line: lineOf(src, t.start), snippet: t.staticText.replace(/\s+/g, ' ').trim().slice(0, 120) });
  }
  const builder = new RegExp(
    `\\.(from|innerJoin|leftJoin|rightJoin|fullJoin)\\(\\s*(${PROTECTED_TS.join('|')})\\b|\\.query\\.(${PROTECTED_TS.join('|')})\\.`,
    'g',
  );
  for (const m of src.matchAll(builder)) {
    const before = src.lastIndexOf('\n', m.index!);
    const lineText = src.slice(before + 1, src.indexOf('\n', m.index!));
    if (/^\s*(\/\/|\*)/.test(lineText)) continue;
    const stmt = expressionFrom(src, m.index!);
    if (passes(stmt, tainted)) continue;
    out.push({ line: lineOf(src, m.index!), snippet: stmt.replace(/\s+/g, ' ').trim().slice(0, 120) });
  }
  return out;
}

/** Manifest columns holding source-derived content (values, facts, passages, text). */
export const MANIFEST_CONTENT = ['answer', 'candidates', 'rejected', 'operands', 'calculations'];

/**
 * Reads of manifest *content* that skip the read-time redaction: a row-level `manifestVisible` only
 * checks the tenant, but a manifest's values, candidates, operands, passages and text come from sources
 * whose ACL, revocation or embargo may have changed since. A builder read selecting the whole row or a
 * content column needs `redactManifest(` in the file; a raw SQL read of content columns must either call
 * it or use them only under `factVisible(` (aggregates).
 */
export function findUnredactedManifestReads(src: string): Bypass[] {
  const out: Bypass[] = [];
  const redactsInFile = /\bredactManifests?\(/.test(src);
  const contentCol = new RegExp(`manifests\\.(${MANIFEST_CONTENT.join('|')})\\b`);
  for (const m of src.matchAll(/\.from\(\s*manifests\b/g)) {
    const head = src.slice(Math.max(0, m.index! - 600), m.index!);
    const sel = head.lastIndexOf('.select(');
    if (sel < 0) continue;
    const selection = head.slice(sel + '.select('.length);
    const whole = /^\s*\)/.test(selection) || /(:\s*|\.\.\.\s*)manifests\b(?!\s*\.)/.test(selection) || contentCol.test(selection);
    if (whole && !redactsInFile)
      out.push({ line: lineOf(src, m.index!), snippet: expressionFrom(src, m.index!).replace(/\s+/g, ' ').trim().slice(0, 120) });
  }
  const rawContent = new RegExp(`(\\bselect\\s+\\*|\\b\\w+\\.(${MANIFEST_CONTENT.join('|')})\\b)`, 'i');
  for (const t of templatesOf(src)) {
    if (!/\b(from|join)\s+manifests\b/i.test(t.staticText) || !rawContent.test(t.staticText)) continue;
    if (/\b(redactManifests?|factVisible)\(/.test(t.source)) continue;
    out.push({ line: lineOf(src, t.start), snippet: t.staticText.replace(/\s+/g, ' ').trim().slice(0, 120) });
  }
  return out;
}
