import { z } from 'zod';

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const secret = z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional());

const schema = z.object({
  /** cookie-signing secret; when unset one is generated on first start and stored in the database */
  LEDGERLINE_AUTH_SECRET: secret,
  BETTER_AUTH_SECRET: secret,
});

/** Auth settings from the environment (validated; a bad value fails loudly). */
export function readAuthEnv(source: NodeJS.ProcessEnv = process.env): { secret: string | undefined } {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid auth configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return { secret: parsed.data.LEDGERLINE_AUTH_SECRET ?? parsed.data.BETTER_AUTH_SECRET };
}
