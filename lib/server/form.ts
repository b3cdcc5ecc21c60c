import type { z } from 'zod';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (t: z.ZodType): Def => t.def as Def;

/** The zod type under optional/nullable/default/pipe wrappers. */
function unwrap(t: z.ZodType): z.ZodType {
  let cur = t;
  for (let i = 0; i < 10; i++) {
    const d = defOf(cur);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly'].includes(d.type) && d.innerType) cur = d.innerType;
    else if (d.type === 'pipe' && d.in) cur = d.in;
    else break;
  }
  return cur;
}

interface FieldRule {
  array: boolean;
  /** what an empty field becomes: absent (optional fields), null (nullable ones), or '' (required: the schema's message applies) */
  empty: 'absent' | 'null' | 'keep';
}

const rulesCache = new WeakMap<z.ZodType, Map<string, FieldRule>>();

function fieldRules(schema: z.ZodType): Map<string, FieldRule> {
  const cached = rulesCache.get(schema);
  if (cached) return cached;
  const rules = new Map<string, FieldRule>();
  for (const [k, t] of Object.entries(defOf(unwrap(schema)).shape ?? {})) {
    const empty = t.safeParse(undefined).success ? 'absent' : t.safeParse(null).success ? 'null' : 'keep';
    rules.set(k, { array: defOf(unwrap(t)).type === 'array', empty });
  }
  rulesCache.set(schema, rules);
  return rules;
}

/**
 * The one reading of a submitted form for a zod object schema, so one schema serves the form and the
 * server: fields the schema types as arrays are read with `getAll`, others once; an empty field is absent
 * when the schema makes it optional, null when nullable, else kept as '' (so the schema's own "required"
 * message applies). Fields the schema does not name are ignored. The same schema then validates the result.
 */
export function formInput(schema: z.ZodType, form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, rule] of fieldRules(schema)) {
    if (rule.array) {
      out[key] = form.getAll(key).filter((v) => v !== '');
      continue;
    }
    const v = form.get(key);
    if (v === null || v === '') {
      if (rule.empty === 'null') out[key] = null;
      else if (rule.empty === 'keep' && v === '') out[key] = '';
      continue;
    }
    out[key] = v;
  }
  return out;
}
