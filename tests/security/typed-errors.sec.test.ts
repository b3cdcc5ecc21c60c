/**
 * Bad input and bad configuration are typed — never a 500, a stack trace or the database's own text:
 * - an invalid production configuration ends the server at its start hook with status 78 and one message
 *   (it logged a stack trace and answered 500 on every request while the process kept running);
 * - a page number that is not one (`/admin/quarantine?page=1e308`) is a typed 400 before any page renders;
 * - a domain schema refusing request input (a calendar date that is not a date) is a typed 400 / the user's
 *   own message, not "Something went wrong.";
 * - NUL in an uploaded company name is a typed 400 naming the problem, not PostgreSQL's error text;
 * - ingestion on a (nearly) full disk fails at once with a typed 503, before anything is written.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', async () => {
  const { harness, fakeCookieJar } = await import('../support/auth');
  return { cookies: async () => fakeCookieJar(), headers: async () => harness.headers };
});

import { NextRequest } from 'next/server';
import type { Database } from '@/lib/db/client';
import { readEnv } from '@/lib/env';
import { checkDiskSpace } from '@/lib/ingest/disk-space';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { errorResponse } from '@/lib/server/route';
import { proxy } from '@/proxy';
import { testTargets } from '@/tests/support/db';

const ROOT = path.resolve(__dirname, '../..');
const MB = 1024 * 1024;

function companyfacts(cik: number, entityNameJson: string): Buffer {
  const fact = `{"end": "2024-12-31", "start": "2024-01-01", "val": 1000, "filed": "2025-01-31", "form": "10-K", "accn": "0000000099-25-000001", "fy": 2024, "fp": "FY"}`;
  return Buffer.from(
    `{"cik": ${cik}, "entityName": ${entityNameJson}, "facts": {"us-gaap": {"Revenues": {"label": "Revenues", "units": {"USD": [${fact}]}}}}}`,
  );
}

async function withEnv<T>(name: string, value: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env[name];
  process.env[name] = value;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  }
}

describe('an invalid production configuration', () => {
  it('exits 78 at the start hook with one clear message naming the variable, no stack trace, before serving anything', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bad-config-'));
    try {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        NODE_ENV: 'production',
        LEDGERLINE_DATA_DIR: dir,
        LEDGERLINE_BODY_TIMEOUT_MS: 'soon',
      };
      const r = spawnSync(
        path.join(ROOT, 'node_modules', '.bin', 'tsx'),
        ['--tsconfig', 'tsconfig.json', 'tests/security/support/register.ts'],
        { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 },
      );
      expect(r.status, r.stderr + r.stdout).toBe(78);
      expect(r.stderr).toContain('refusing to start');
      expect(r.stderr).toContain('LEDGERLINE_BODY_TIMEOUT_MS');
      expect(r.stderr, 'no stack trace').not.toMatch(/^\s+at /m);
      expect(r.stdout).not.toContain('[start] ready');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('page numbers', () => {
  const page = (q: string) => proxy(new NextRequest(`http://localhost/admin/quarantine?${q}`));

  it('a page number that is not a whole number from 1 to the maximum is a typed 400 before the page renders', async () => {
    for (const bad of ['1e308', '0', '-1', '1.5', 'abc', '', '100001', '99999999999999999999']) {
      const r = page(`page=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).error.code, bad).toBe('bad_request:page');
    }
  });

  it('a page number that is one goes through', () => {
    for (const ok of ['1', '7', '100000']) expect(page(`page=${ok}`).status, ok).not.toBe(400);
    expect(page('q=revenue').status).not.toBe(400);
  });
});

describe('a domain schema refusing request input', () => {
  it('is a typed 400 with the schema’s message, not a 500', async () => {
    const refused = z
      .object({ effectiveFrom: z.iso.date('effectiveFrom must be a date (YYYY-MM-DD)') })
      .safeParse({ effectiveFrom: '2024-02-30' });
    expect(refused.success).toBe(false);
    const r = errorResponse(refused.error);
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.error.code).toBe('bad_request:input');
    expect(body.error.message).toContain('effectiveFrom must be a date');
  });
});

describe('disk space before ingesting', () => {
  const env = { ...readEnv({}), LEDGERLINE_DATA_DIR: os.tmpdir(), LEDGERLINE_MIN_FREE_MB: 256 };

  it('refuses with a typed 503 naming the free and the needed space when the disk holds less than the reserve plus four times the file', () => {
    const free = () => 300 * MB;
    expect(() => checkDiskSpace('big.pdf', 20 * MB, env, free)).toThrow(
      expect.objectContaining({ code: 'unavailable:disk_full', status: 503 }),
    );
    expect(() => checkDiskSpace('big.pdf', 20 * MB, env, free)).toThrow(/300 MB free.*at least 336 MB/);
    expect(() => checkDiskSpace('small.pdf', 5 * MB, env, free)).not.toThrow();
  });

  it('leaves PostgreSQL’s disk to PostgreSQL (its refusal is typed when it comes)', () => {
    expect(() => checkDiskSpace('big.pdf', 20 * MB, { ...env, DATABASE_URL: 'postgres://localhost/x' }, () => 0)).not.toThrow();
  });
});

for (const target of testTargets()) {
  describe(`typed ingest failures (${target.name})`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    it('NUL in an uploaded company name is a typed 400 naming the problem, not the database’s text; nothing is stored', async () => {
      const o = await ingestBytes(companyfacts(97, '"Bad\\u0000Name Inc"'), 'CIK0000000097_NUL_companyfacts.json', {
        db: d.db,
        tenantId: 'typed-nul',
        actor: 'test',
        sideFiles: noSideFiles,
      });
      expect(o.error?.code).toBe('bad_request:control_characters');
      expect(o.error?.message).toMatch(/NUL/);
      expect(o.error?.message).not.toMatch(/byte sequence|0x00|unsupported Unicode|insert into|select /i);
      expect(await d.query('select 1 from sources where tenant_id = $1', ['typed-nul'])).toEqual([]);
    });

    it.skipIf(target.name !== 'pglite')(
      'on a full disk the embedded database’s ingest fails at once with a typed 503; nothing is written',
      async () => {
        // a reserve no disk here has free: the disk is "full" for this ingest
        const o = await withEnv('LEDGERLINE_MIN_FREE_MB', '1000000', () =>
          ingestBytes(companyfacts(96, '"Full Disk Inc"'), 'CIK0000000096_FULL_companyfacts.json', {
            db: d.db,
            tenantId: 'typed-full',
            actor: 'test',
            sideFiles: noSideFiles,
          }),
        );
        expect(o.error?.code).toBe('unavailable:disk_full');
        expect(o.error?.message).toMatch(/MB free/);
        expect(await d.query('select 1 from sources where tenant_id = $1', ['typed-full'])).toEqual([]);
        expect(await d.query('select 1 from facts where tenant_id = $1', ['typed-full'])).toEqual([]);
      },
    );
  });
}
