/**
 * The one settings module (t3-env style): every environment variable product code reads is declared,
 * validated and documented here, and read only through `readEnv()`. A bad value fails at start with one
 * clean `ConfigError` naming each bad variable (the CLI prints it, the server exits with status 78).
 * A unit test (lib/env.scan.test.ts) fails on any other `process.env` read in lib/, app/ or components/.
 */
import net from 'node:net';
import { z } from 'zod';

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(t: T) => z.preprocess(emptyAsUndefined, t.optional());
/** An integer setting within [min, max] with a default; a bad value names the variable. */
const intSetting = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number(`${name} must be a number`)
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .default(fallback),
  );
const secret = (name: string) => optional(z.string().min(32, `${name} must be at least 32 characters`));

/** The acknowledgement that a production demo is open to anyone (LEDGERLINE_DEMO_ACK). */
export const DEMO_ACK = 'anyone-can-be-admin';

const fields = z.object({
  /** `production` under `next start`/`next build`, `development` under `next dev`, `test` under vitest */
  NODE_ENV: optional(z.string()),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')),
  /**
   * the login tenant-scoped work uses on PostgreSQL (lib/server/db-wall.ts): a member of ledgerline_app only;
   * unset: DATABASE_URL with the user ledgerline_web and a password the server sets
   */
  DATABASE_APP_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_APP_URL must be a postgres:// or postgresql:// URL')),
  /** `off`: tenant-scoped work runs on DATABASE_URL's login, dropping into ledgerline_app per transaction */
  LEDGERLINE_DB_WALL: z.preprocess(emptyAsUndefined, z.enum(['auto', 'off'], 'LEDGERLINE_DB_WALL must be auto or off').default('auto')),
  LEDGERLINE_DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('.data')),
  /**
   * demo mode: seed the demo tenant and sign in the demo analyst automatically, with a role switcher (anyone
   * may act as admin). Unset: on only under `next dev` with the embedded database.
   */
  LEDGERLINE_DEMO: optional(z.enum(['0', '1'], 'LEDGERLINE_DEMO must be 0 or 1')),
  /** with NODE_ENV=production, LEDGERLINE_DEMO=1 also needs LEDGERLINE_DEMO_ACK=anyone-can-be-admin */
  LEDGERLINE_DEMO_ACK: optional(z.string()),
  /**
   * how long a request body may take to arrive, in ms (whole body, not idle time): a body that trickles or
   * stalls ends with 408 instead of holding a connection (uploads get more, lib/server/route.ts)
   */
  LEDGERLINE_BODY_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('LEDGERLINE_BODY_TIMEOUT_MS must be a number of milliseconds')
      .int()
      .min(1, 'LEDGERLINE_BODY_TIMEOUT_MS must be at least 1')
      .max(600_000, 'LEDGERLINE_BODY_TIMEOUT_MS must be at most 600000 (10 minutes)')
      .default(10_000),
  ),
  /**
   * PDF reading runs on a worker thread of its own (lib/ingest/report/pdf-worker.ts): its JavaScript heap may
   * grow to this many MB (a 500-page 10-K reads within 384) and no page may take longer than
   * LEDGERLINE_PDF_PAGE_MS, the whole document LEDGERLINE_PDF_TOTAL_MS; past either the PDF is refused (typed 413)
   */
  LEDGERLINE_PDF_HEAP_MB: intSetting('LEDGERLINE_PDF_HEAP_MB', 64, 16_384, 512),
  LEDGERLINE_PDF_PAGE_MS: intSetting('LEDGERLINE_PDF_PAGE_MS', 100, 3_600_000, 30_000),
  LEDGERLINE_PDF_TOTAL_MS: intSetting('LEDGERLINE_PDF_TOTAL_MS', 100, 86_400_000, 600_000),
  /** ingestion refuses to start with less than this many MB free (plus four times the file) beside the embedded database */
  LEDGERLINE_MIN_FREE_MB: intSetting('LEDGERLINE_MIN_FREE_MB', 0, 1_000_000, 256),
  /** PostgreSQL connections per server process (the pg pool's max) */
  LEDGERLINE_DB_POOL_MAX: intSetting('LEDGERLINE_DB_POOL_MAX', 1, 200, 10),
  /**
   * bounded work per request (lib/server/bounded.ts): each statement of an answer or other tenant-scoped
   * request may run this long on PostgreSQL (`SET LOCAL statement_timeout`) …
   */
  LEDGERLINE_STATEMENT_TIMEOUT_MS: intSetting('LEDGERLINE_STATEMENT_TIMEOUT_MS', 10, 600_000, 5_000),
  /** … and its work as a whole this long (checked before every query, on PGlite too); both end in a typed 503 */
  LEDGERLINE_REQUEST_DEADLINE_MS: intSetting('LEDGERLINE_REQUEST_DEADLINE_MS', 10, 600_000, 15_000),
  /**
   * how many such requests of one tenant may hold a database connection at once (unset: the pool size
   * less two on PostgreSQL, so one tenant never takes the whole pool; 2 on PGlite's single connection) …
   */
  LEDGERLINE_TENANT_MAX_CONCURRENT: optional(
    z.coerce
      .number('LEDGERLINE_TENANT_MAX_CONCURRENT must be a number')
      .int()
      .min(1, 'LEDGERLINE_TENANT_MAX_CONCURRENT must be at least 1')
      .max(200, 'LEDGERLINE_TENANT_MAX_CONCURRENT must be at most 200'),
  ),
  /** … and how long one more waits for its tenant's turn before a typed 503 with Retry-After */
  LEDGERLINE_TENANT_QUEUE_MS: intSetting('LEDGERLINE_TENANT_QUEUE_MS', 0, 600_000, 10_000),
  /**
   * proxies whose X-Forwarded-For entries are believed (addresses, CIDR ranges or `loopback`, comma-separated);
   * unset: none, the connection's peer is the client (lib/http/client-address.ts)
   */
  LEDGERLINE_TRUSTED_PROXIES: optional(
    z.string().superRefine((v, ctx) => {
      for (const entry of v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        if (!isProxyEntry(entry))
          ctx.addIssue({ code: 'custom', message: `LEDGERLINE_TRUSTED_PROXIES: not an IP address, CIDR range or "loopback": ${entry}` });
      }
    }),
  ),
  /**
   * manifest retention (lib/admin/manifest-retention.ts): evidence manifests older than this many days that
   * nothing references (no reviewer verdict, no conversation still in its owner's history) are deleted by the
   * server's daily pruning and `npm run cli -- manifests prune`; 0 keeps every manifest forever
   */
  LEDGERLINE_MANIFEST_RETENTION_DAYS: intSetting('LEDGERLINE_MANIFEST_RETENTION_DAYS', 0, 36_500, 365),
  /**
   * diagnostics: each second the server appends the event loop's delay over that second (p50, p99, max in
   * ms) to this file as one JSON line (lib/server/loop-delay.ts; the load bench sets it); unset: off
   */
  LEDGERLINE_LOOP_DELAY_FILE: optional(z.string()),
  SEC_DATA_DIR: optional(z.string()),
  SEC_USER_AGENT: optional(z.string()),
  /** signs session cookies; when unset one is generated on first start and kept in the database */
  LEDGERLINE_AUTH_SECRET: secret('LEDGERLINE_AUTH_SECRET'),
  /** better-auth's own name for the same secret (LEDGERLINE_AUTH_SECRET wins) */
  BETTER_AUTH_SECRET: secret('BETTER_AUTH_SECRET'),
  LLM_BASE_URL: optional(z.url('LLM_BASE_URL must be a URL')),
  LLM_API_KEY: optional(z.string()),
  LLM_MODEL: optional(z.string()),
  /** optional LLM judge for narrative evaluation (OpenAI-compatible) */
  JUDGE_BASE_URL: optional(z.url('JUDGE_BASE_URL must be a URL')),
  JUDGE_MODEL: optional(z.string()),
  JUDGE_API_KEY: optional(z.string()),
});

const schema = fields.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && env.LEDGERLINE_DEMO === '1' && env.LEDGERLINE_DEMO_ACK !== DEMO_ACK) {
    ctx.addIssue({
      code: 'custom',
      path: ['LEDGERLINE_DEMO'],
      message: `demo mode lets any visitor act as admin; in production it also needs LEDGERLINE_DEMO_ACK=${DEMO_ACK}`,
    });
  }
});

export type Env = z.infer<typeof schema>;

/** `loopback`, an IP address, or an IP address with a prefix length within its family's bits. */
function isProxyEntry(entry: string): boolean {
  if (entry === 'loopback') return true;
  const [addr, bits, ...rest] = entry.split('/');
  const family = net.isIP(addr ?? '');
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const ENV_KEYS = Object.keys(fields.shape);
/** the last validated environment, with the source it came from and the values of the declared variables then */
let last: { source: object; values: string; env: Env } | null = null;

/**
 * Validated environment; throws a ConfigError naming each bad variable. Read on every request by many
 * helpers: the result is kept while the source and the declared variables' values stay the same (a
 * zod parse of the whole environment was ~1 ms of CPU per request under load), so a change — a test
 * setting a variable — is seen at the next call.
 */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const values = ENV_KEYS.map((k) => source[k] ?? '\u0000').join('\u0001');
  if (last && last.source === source && last.values === values) return last.env;
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  last = { source, values, env: parsed.data };
  return parsed.data;
}

/**
 * Demo mode: LEDGERLINE_DEMO=1 (in production only with the acknowledgement, checked by readEnv), or —
 * when unset — only under `next dev` with the embedded database. Never by default in production or tests.
 */
export function isDemoMode(env: Env = readEnv()): boolean {
  if (env.LEDGERLINE_DEMO) return env.LEDGERLINE_DEMO === '1';
  return env.NODE_ENV === 'development' && !env.DATABASE_URL;
}

/** Whether this process is a production server (`next start`/`next build`). */
export function isProduction(env: Env = readEnv()): boolean {
  return env.NODE_ENV === 'production';
}

/** The configured session-signing secret, if any (else the database keeps a generated one). */
export function configuredAuthSecret(env: Env = readEnv()): string | undefined {
  return env.LEDGERLINE_AUTH_SECRET ?? env.BETTER_AUTH_SECRET;
}

/** The origin `next dev` listens on, once it has set it in the environment (undefined before that). */
export function devServerOrigin(): string | undefined {
  return process.env.__NEXT_PRIVATE_ORIGIN;
}

/** Whether a development server warms its main routes at start (`LEDGERLINE_WARM_ROUTES=0` turns it off). */
export function warmRoutesWanted(): boolean {
  return process.env.NODE_ENV === 'development' && process.env.LEDGERLINE_WARM_ROUTES !== '0';
}
