/**
 * The plain-HTML 20-F (filings-ixbrl/) through the whole report pipeline (detect → extract → calendar → bind →
 * write) into an in-memory database: it ingests without error, and the bound vs quarantined counts are reported
 * (console and REPORT_COUNTS_OUT when set). No period, unit or metric is guessed: what cannot be bound is quarantined.
 * The FinanceBench PDFs take the same pipeline in two places already, so not a third time here: the FinanceBench
 * eval ingests all 22 (its gate fails when any does not ingest, or the bound rates fall), and the statement-values
 * test in this suite ingests and asks the 10-Ks' statements. Fails, rather than passing empty, when the file is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { ingestBytes } from '../ingest-file';

const data = secDataDir();
const twentyF = path.join(data, 'filings-ixbrl', '20-F_0001062993-21-003193_PlymouthRock_FY2020-11-30.html');
const files = [twentyF];

describe('a 20-F in plain HTML through the report pipeline', () => {
  if (!fs.existsSync(twentyF)) throw new Error(`missing real data: ${twentyF} (set SEC_DATA_DIR)`);
  let d: Database;
  const rows: {
    file: string;
    status: string;
    format: string | null;
    facts: number;
    bound: number;
    quarantined: number;
    reasons: Record<string, number>;
    tables: number;
    chunks: number;
    ms: number;
    error: string | null;
  }[] = [];
  beforeAll(async () => {
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
  });
  afterAll(async () => {
    const total = rows.reduce((t, r) => ({ bound: t.bound + r.bound, quarantined: t.quarantined + r.quarantined }), {
      bound: 0,
      quarantined: 0,
    });
    const lines = rows.map(
      (r) =>
        `${r.file.padEnd(64)} ${r.status.padEnd(8)} bound ${String(r.bound).padStart(5)}  quarantined ${String(r.quarantined).padStart(5)}  ${JSON.stringify(r.reasons)}  ${r.ms} ms`,
    );
    console.log([...lines, `TOTAL bound ${total.bound}, quarantined ${total.quarantined}`].join('\n'));
    if (process.env.REPORT_COUNTS_OUT) fs.writeFileSync(process.env.REPORT_COUNTS_OUT, JSON.stringify({ rows, total }, null, 2));
    await d?.close();
  });

  for (const file of files) {
    it(`ingests ${path.basename(file)}`, async () => {
      const o = await ingestBytes(fs.readFileSync(file), path.basename(file), { db: d.db, tenantId: 'reports' });
      const reasons = Object.fromEntries(
        Object.entries(o.status === 'ok' ? ((await runCounters(d, o.runId)) ?? {}) : {})
          .filter(([k]) => k.startsWith('q_'))
          .map(([k, v]) => [k.slice(2), v]),
      );
      const counters = (await runCounters(d, o.runId)) ?? {};
      rows.push({
        file: path.basename(file),
        status: o.status,
        format: o.format,
        facts: o.factsSeen,
        bound: Number(counters.bound ?? 0),
        quarantined: o.quarantined,
        reasons: reasons as Record<string, number>,
        tables: o.tablesAdded,
        chunks: o.chunksAdded,
        ms: o.durationMs,
        error: o.error ? `${o.error.code}: ${o.error.message}` : null,
      });
      expect(o.error).toBeNull();
      expect(o.status).toBe('ok');
      expect(o.format).toBe('html-report');
      expect(o.factsSeen).toBeGreaterThan(0);
      expect(o.chunksAdded).toBeGreaterThan(0);
    });
  }
});

async function runCounters(d: Database, runId: string): Promise<Record<string, number> | null> {
  const [r] = await d.query<{ counters: Record<string, number> }>('select counters from ingest_runs where id = $1', [runId]);
  return r?.counters ?? null;
}
