import { manifestRetentionDays, pruneAllTenants } from '@/lib/admin/manifest-retention';
import { readEnv } from '@/lib/env';
import { getDatabase } from './runtime';

/** First run a minute after start (not in the way of warm-up), then every six hours. */
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 6 * 3_600_000;
const jobKey = Symbol.for('ledgerline.manifest-retention');
type Holder = { [jobKey]?: ReturnType<typeof setInterval> };

/** One pass: every tenant's manifests past LEDGERLINE_MANIFEST_RETENTION_DAYS that nothing refers to. */
export async function runManifestRetention(): Promise<void> {
  const days = manifestRetentionDays(readEnv());
  if (days === null) return;
  const database = await getDatabase();
  const results = await pruneAllTenants({ db: database.db, days, actor: 'system' });
  const deleted = results.reduce((n, r) => n + r.deleted, 0);
  if (deleted) console.log(`[ledgerline] manifest retention (${days} days): deleted ${deleted} unreferenced manifest(s)`);
}

/**
 * The server's retention job (started once per process by warm-up; timers unref'd so they never keep a
 * process alive). Several processes on one database may run it at once: the batches skip rows another
 * holds, and a delete is idempotent. A failed pass is logged and retried at the next interval.
 */
export function startManifestRetention(): void {
  if (manifestRetentionDays(readEnv()) === null) return;
  const holder = globalThis as Holder;
  if (holder[jobKey]) return;
  const run = () =>
    void runManifestRetention().catch((e: unknown) =>
      console.error(`[ledgerline] manifest retention failed: ${(e as Error)?.message ?? String(e)}`),
    );
  setTimeout(run, FIRST_RUN_MS).unref();
  holder[jobKey] = setInterval(run, EVERY_MS);
  holder[jobKey].unref();
}
