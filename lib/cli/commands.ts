import { openFromEnv, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { seedDemo } from '@/lib/demo/seed';
import { countRows } from '@/lib/db/seed-metrics';

export interface Command {
  name: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

async function withDatabase<T>(fn: (d: Database) => Promise<T>): Promise<T> {
  const database = await openFromEnv();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export const commands: Command[] = [
  {
    name: 'db migrate',
    summary: 'apply the migrations in drizzle/ to the configured database',
    run: () =>
      withDatabase(async (d) => {
        await migrate(d);
        process.stdout.write(`migrated ${d.driver} (${d.location})\n`);
        return 0;
      }),
  },
  {
    name: 'db seed',
    summary: 'migrate, then seed the demo tenant (idempotent)',
    run: () =>
      withDatabase(async (d) => {
        await migrate(d);
        const res = await seedDemo(d.db);
        const counts = await countRows(d.db);
        process.stdout.write(
          `${res.created ? `seeded demo tenant (${res.facts} facts)` : 'demo tenant already seeded'}; ` +
            `${Object.entries(counts)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}\n`,
        );
        return 0;
      }),
  },
  {
    name: 'ingest',
    summary: 'ingest files or folders (format auto-detected); --tenant <id> (default demo)',
    run: async (args) => {
      const code = await (await import('@/lib/cli/ingest')).runIngestCommand(args);
      if (args.includes('--help') || args.includes('-h')) return code;
      // passages from the ingested documents become searchable: embed what has no vector yet
      const { indexChunks } = await import('@/lib/retrieval/index-chunks');
      const embedded = await withDatabase((d) => indexChunks(d.db));
      if (embedded) process.stdout.write(`embedded ${embedded} passage(s) with the local embedder\n`);
      return code;
    },
  },
  {
    name: 'bulk ingest',
    summary: 'ingest an EDGAR companyfacts.zip bulk archive, streamed and resumable per CIK (--tenant, --jobs, --limit, --reset)',
    run: async (args) => (await import('@/lib/cli/bulk')).runBulkIngest(args),
  },
  {
    name: 'bulk synth',
    summary: 'write a synthetic companyfacts.zip (--companies N [--years 10] [--seed 1]) for benches',
    run: async (args) => (await import('@/lib/cli/bulk')).runBulkSynth(args),
  },
  {
    name: 'sec sync',
    summary: 'download companyfacts, submissions and filings from EDGAR (--ticker T | --cik N), then ingest',
    run: async (args) => (await import('@/lib/cli/ingest')).runSecSyncCommand(args),
  },
  {
    name: 'users create',
    summary: 'create an account: --email E --name N --role analyst|reviewer|admin [--tenant T]; password from stdin or a prompt',
    run: async (args) => (await import('@/lib/cli/users')).runUsersCreate(args),
  },
  {
    name: 'manifests prune',
    summary: 'delete manifests past the retention window that no verdict or conversation refers to (--days N, --tenant T, --dry-run)',
    run: async (args) => (await import('@/lib/cli/manifests')).runManifestsPrune(args),
  },
  {
    name: 'screen',
    summary:
      'screen every company on its own fiscal year: --year Y [--calendar] --measure/--ratio/--growth … [--where ID>N] [--sort ID] [--limit N] [--sic 367]',
    run: async (args) => (await import('./screen')).runScreenCommand(args),
  },
  {
    name: 'ask',
    summary: 'ask a question; --json prints one Answer; --batch FILE answers one question a line',
    run: async (args) => (await import('./ask')).runAsk(args),
  },
];

export function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return (
    'usage: npm run cli -- <command> [options]\n\ncommands:\n' +
    commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n') +
    '\n\nenvironment: DATABASE_URL (PostgreSQL) or LEDGERLINE_DATA_DIR (embedded, default .data)\n'
  );
}
