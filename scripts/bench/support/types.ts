import type { Database, Driver } from '@/lib/db/client';

export type Scale = 'small' | 'full' | 'universe';

/** One measured line of the results table. Latencies in milliseconds, throughput in operations per second. */
export interface BenchRow {
  section: string;
  case: string;
  driver: Driver | 'citus' | 'http-pglite' | 'http-postgres' | 'n/a';
  /** operations measured (questions, lookups, requests; facts for ingestion) */
  n: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms?: number | null;
  throughput?: number | null;
  /** unit of `throughput` when it is not operations per second (e.g. `facts/s`) */
  throughputUnit?: string;
  /** a target the row is judged against, e.g. `p95 <= 10 ms` */
  target?: { metric: 'p50Ms' | 'p95Ms' | 'p99Ms' | 'throughput' | 'errors' | string; op: '<=' | '>='; value: number; met: boolean | null };
  /** anything else worth keeping: quality metrics, error counts, data sizes */
  extra: Record<string, unknown>;
}

export interface BenchContext {
  /** the command-line arguments after `npm run bench --` */
  args: string[];
  scale: Scale;
  /** PostgreSQL server URL (admin database) or null when PostgreSQL is not benchmarked */
  pgUrl: string | null;
  /** real data: the folder with sec-companyfacts/ and filings-ixbrl/ */
  dataDir: string;
  log(message: string): void;
  /** The real-data database (demo tenant + 7 companyfacts + the iXBRL filings, chunks embedded, ANALYZEd); one per run and driver. */
  realDatabase(driver: Driver): Promise<Database>;
  /** Copy of the real-data PGlite folder for a separate process (the HTTP server). */
  realPgliteCopy(): Promise<string>;
  /** A new scratch database on the PostgreSQL server; dropped when the run ends (unless --keep). */
  scratchPostgres(label: string, fromTemplate?: 'real' | 'empty'): Promise<{ database: Database; url: string; name: string }>;
  /** Run at the end of the run, last registered first. */
  onCleanup(fn: () => Promise<void> | void): void;
  /** A fresh temporary folder removed at the end. */
  tmpDir(label: string): string;
  keep: boolean;
}

export interface BenchSection {
  name: string;
  /** one line shown by `--list` */
  description: string;
  /** scales at which the section runs by default (all when omitted); `--only` runs it at any scale */
  scales?: Scale[];
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
