import type { z } from 'zod';

/**
 * Every zod schema that validates request input — server-action input (registered by roleAction and
 * roleFormAction), route-handler params, query strings and bodies, and what an action parses out of its
 * input (a pasted JSON file) — is declared here when its module loads. tests/security/input-bounds.sec.test.ts
 * walks each one and fails on a string, array, record or open object without an upper bound,
 * and fails on a route or action file that parses with a schema not declared here.
 */
const registry = new Map<z.ZodType, Set<string>>();

/** Declares `schema` as validating request input (`where`: what it validates, for the test's messages). */
export function requestSchema<S extends z.ZodType>(where: string, schema: S): S {
  const names = registry.get(schema) ?? new Set<string>();
  names.add(where);
  registry.set(schema, names);
  return schema;
}

/** The declared request schemas, each with what it validates. */
export function requestSchemas(): { where: string[]; schema: z.ZodType }[] {
  return [...registry].map(([schema, where]) => ({ where: [...where], schema }));
}

export function isRequestSchema(schema: unknown): boolean {
  return registry.has(schema as z.ZodType);
}
