import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const fixtures = path.join(import.meta.dirname, '..', 'ingest', '__fixtures__');

async function cli(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, LEDGERLINE_DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'lib/cli/main.ts', ...args], { env, cwd: process.cwd() });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('ledgerline ingest (CLI)', () => {
  it('ingests every file in its own transaction, reports failures with file and place, exits non-zero', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-cli-'));
    const good = path.join(fixtures, 'CIK0000000042_ACME_companyfacts.json');
    const bad = path.join(fixtures, 'CIK0000000042_ACME_truncated.json');
    const first = await cli(['ingest', bad, good, '--tenant', 'cli-test'], dataDir);
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/^failed\s+CIK0000000042_ACME_truncated\.json/m);
    expect(first.stdout).toMatch(
      /^ok\s+CIK0000000042_ACME_companyfacts\.json\s+companyfacts\s+13 facts \(12 new, 13 sightings, 1 quarantined\)/m,
    );
    expect(first.stdout).toMatch(/note: quarantined 1 fact\(s\) .*Store at facts\.us-gaap\.NumberOfStores\.units\.Store/);
    expect(first.stdout).toMatch(
      /^ingested 2 file\(s\): 1 ok, 0 unchanged, 1 failed; 13 facts read, 12 new, 13 sightings in [\d.]+ s \([\d,]+ facts\/s\)$/m,
    );
    expect(first.stderr).toMatch(
      /^ledgerline: bad_request:malformed_json: CIK0000000042_ACME_truncated\.json \(line \d+, column \d+\): malformed JSON/m,
    );

    const again = await cli(['ingest', `${fixtures}/CIK0000000042_ACME_companyfacts.json`, '--tenant', 'cli-test'], dataDir);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^unchanged\s+CIK0000000042_ACME_companyfacts\.json/m);
    expect(again.stdout).toMatch(/1 file\(s\): 0 ok, 1 unchanged, 0 failed/);
  }, 180_000);
});
