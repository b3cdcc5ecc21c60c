/**
 * URL search params read through an object schema, leniently: a page's filters come from the address bar,
 * so a bad or missing value falls back to its default instead of failing the page.
 */
import type { z } from 'zod';

/** Search params as Next passes them to a page (a key may repeat). */
export type SearchParams = Record<string, string | string[] | undefined>;

/** Each key of the schema from its first value ('' counts as absent); a value the schema refuses becomes the key's default. */
export function parseSearchParams<S extends z.ZodRawShape>(schema: z.ZodObject<S>, params: SearchParams): z.infer<z.ZodObject<S>> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = params[key];
    const v = Array.isArray(raw) ? raw[0] : raw;
    const parsed = field.safeParse(v === '' ? undefined : v);
    out[key] = parsed.success ? parsed.data : field.safeParse(undefined).data;
  }
  return out as z.infer<z.ZodObject<S>>;
}
