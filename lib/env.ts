import { z } from 'zod';

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const schema = z.object({
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  LEDGERLINE_DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('.data')),
  /** demo mode: seed the demo tenant and sign in the demo analyst automatically */
  LEDGERLINE_DEMO: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).optional()),
  SEC_DATA_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  SEC_USER_AGENT: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** signs session cookies; lib/auth/config.ts generates and stores one when unset */
  LEDGERLINE_AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'LEDGERLINE_AUTH_SECRET must be at least 32 characters').optional()),
  LLM_BASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  LLM_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  LLM_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
});

export type Env = z.infer<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validated environment; throws a ConfigError naming each bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/** True when the embedded database is in use and demo mode is not switched off. */
export function isDemoMode(env: Env = readEnv()): boolean {
  if (env.LEDGERLINE_DEMO) return env.LEDGERLINE_DEMO === '1';
  return !env.DATABASE_URL;
}
