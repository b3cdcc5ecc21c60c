/**
 * Walks a zod 4 schema through its definitions (`_zod.def`) and lists every place that accepts input of
 * unbounded size: a string without a maximum length (or an anchored pattern without unbounded repetition),
 * an array, set or tuple rest without a maximum count, a record or map (no zod bound on entries) unless its
 * keys are an enum, an object that keeps unknown keys (passthrough / catchall), and any/unknown leaves.
 */
import type { z } from 'zod';

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [k: string]: unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  maximum?: number;
  length?: number;
}

const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/**
 * Whether every string a pattern accepts is of bounded length: anchored at both ends (^…$) and no `*`, `+`
 * or `{n,}` outside a character class. Conservative: a bounded pattern it cannot read counts as unbounded.
 */
export function patternIsBounded(re: RegExp): boolean {
  const src = re.source;
  if (!src.startsWith('^') || !src.endsWith('$') || src.endsWith('\\$')) return false;
  if (src.includes('|') && !/^\^\(.*\)\$$/.test(src)) return false; // ^a|b$ anchors only one side of each branch
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '*' || c === '+') return false;
    else if (c === '{' && /^\{\d+,\}/.test(src.slice(i))) return false;
  }
  return true;
}

function checksOf(d: Def): CheckDef[] {
  return (d.checks ?? []).map((c) => c._zod.def);
}

function hasMax(d: Def): boolean {
  return checksOf(d).some(
    (c) => c.check === 'max_length' || c.check === 'length_equals' || c.check === 'max_size' || c.check === 'size_equals',
  );
}

function stringIsBounded(d: Def): boolean {
  if (hasMax(d)) return true;
  const patterns = [
    d.pattern as RegExp | undefined,
    ...checksOf(d)
      .filter((c) => c.check === 'string_format')
      .map((c) => c.pattern),
  ];
  return patterns.some((p) => p instanceof RegExp && patternIsBounded(p));
}

/** Paths (`body.messages[].parts[]`) of everything unbounded in `schema`, each with why. */
export function unboundedInputs(schema: z.ZodType, root = '$'): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (s: unknown, at: string): void => {
    if (seen.has(s)) return; // recursive (lazy) schemas: each node once
    seen.add(s);
    const d = defOf(s);
    const inner = (k: string) => d[k] as z.ZodType | undefined;
    switch (d.type) {
      case 'string':
        if (!stringIsBounded(d)) out.push(`${at}: string without a maximum length`);
        return;
      case 'array':
        if (!hasMax(d)) out.push(`${at}: array without a maximum number of items`);
        walk(inner('element'), `${at}[]`);
        return;
      case 'set':
        if (!hasMax(d)) out.push(`${at}: set without a maximum size`);
        walk(inner('valueType'), `${at}{}`);
        return;
      case 'tuple':
        (d.items as z.ZodType[]).forEach((item, i) => walk(item, `${at}[${i}]`));
        if (d.rest) {
          out.push(`${at}: tuple with unbounded rest items`);
          walk(d.rest, `${at}[…]`);
        }
        return;
      case 'record':
      case 'map': {
        const key = defOf(inner('keyType'));
        if (!(key.type === 'enum' || key.type === 'literal'))
          out.push(`${at}: ${d.type} with unbounded keys (no maximum number of entries)`);
        walk(inner('keyType'), `${at}<key>`);
        walk(inner('valueType'), `${at}<value>`);
        return;
      }
      case 'object': {
        for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) walk(v, `${at}.${k}`);
        const catchall = d.catchall ? defOf(d.catchall) : null;
        if (catchall && catchall.type !== 'never') out.push(`${at}: object keeping unknown keys (passthrough/catchall)`);
        return;
      }
      case 'union':
        (d.options as z.ZodType[]).forEach((o, i) => walk(o, `${at}|${i}`));
        return;
      case 'intersection':
        walk(inner('left'), at);
        walk(inner('right'), at);
        return;
      case 'pipe':
        // what arrives is what the input side accepts (`z.string().max(254).pipe(z.email())`: bounded by the
        // max); only when the input side is a transform (z.preprocess) does the output side bound it
        if (defOf(inner('in')).type === 'transform') walk(inner('out'), at);
        else walk(inner('in'), at);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
      case 'success':
        walk(inner('innerType'), at);
        return;
      case 'lazy':
        walk((d.getter as () => z.ZodType)(), at);
        return;
      case 'promise':
        walk(inner('innerType'), at);
        return;
      case 'any':
      case 'unknown':
        out.push(`${at}: ${d.type} (accepts anything)`);
        return;
      // bounded by construction: numbers, booleans, dates, enums, literals, null/undefined/never/nan, bigint,
      // a transform (its output is what the pipe after it validates), template literals over bounded parts
      case 'number':
      case 'int':
      case 'boolean':
      case 'bigint':
      case 'date':
      case 'enum':
      case 'literal':
      case 'null':
      case 'undefined':
      case 'void':
      case 'never':
      case 'nan':
      case 'transform':
        return;
      default:
        out.push(`${at}: zod type '${d.type}' this walker does not know (teach it, or use a known type)`);
    }
  };
  walk(schema, root);
  return out;
}
