/**
 * `npm run cli -- manifests prune [--days N] [--tenant T] [--dry-run]`: delete evidence manifests past the
 * retention window that no verdict or conversation refers to (lib/admin/manifest-retention.ts). The window
 * is LEDGERLINE_MANIFEST_RETENTION_DAYS unless --days is given.
 */
import { parseArgs } from 'node:util';
import { manifestRetentionDays, pruneAllTenants, pruneManifests, type PruneResult } from '@/lib/admin/manifest-retention';
import { openFromEnv } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { readEnv } from '@/lib/env';

export const MANIFESTS_PRUNE_USAGE =
  'usage: npm run cli -- manifests prune [--days N] [--tenant ID] [--dry-run]\n' +
  '  deletes manifests older than N days (default LEDGERLINE_MANIFEST_RETENTION_DAYS) that no verdict or conversation refers to\n';

export async function runManifestsPrune(
  args: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  let values: { days?: string; tenant?: string; 'dry-run'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        days: { type: 'string' },
        tenant: { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (e) {
    err.write(`ledgerline: ${(e as Error).message}\n${MANIFESTS_PRUNE_USAGE}`);
    return 2;
  }
  if (values.help) {
    out.write(MANIFESTS_PRUNE_USAGE);
    return 0;
  }
  let days: number | null;
  if (values.days !== undefined) {
    if (!/^\d{1,5}$/.test(values.days) || Number(values.days) < 1) {
      err.write(`ledgerline: --days must be a whole number of days, at least 1\n${MANIFESTS_PRUNE_USAGE}`);
      return 2;
    }
    days = Number(values.days);
  } else {
    days = manifestRetentionDays(readEnv());
  }
  if (days === null) {
    out.write('manifest retention is off (LEDGERLINE_MANIFEST_RETENTION_DAYS=0): nothing deleted; pass --days N to prune once\n');
    return 0;
  }
  const database = await openFromEnv();
  try {
    await migrate(database);
    const opts = { db: database.db, days, actor: 'cli', dryRun: values['dry-run'] === true };
    const results: PruneResult[] = values.tenant
      ? [await pruneManifests({ ...opts, tenantId: values.tenant })]
      : await pruneAllTenants(opts);
    const verb = opts.dryRun ? 'would delete' : 'deleted';
    for (const r of results)
      out.write(
        `${r.tenantId}: ${verb} ${r.deleted} manifest(s) created before ${r.cutoff}; kept ${r.keptReferenced} older one(s) a verdict or conversation refers to\n`,
      );
    out.write(`${verb} ${results.reduce((n, r) => n + r.deleted, 0)} manifest(s) in ${results.length} tenant(s)\n`);
    return 0;
  } finally {
    await database.close();
  }
}
