/**
 * Secure defaults: a production start is never open — no demo mode by default, nobody may pick "admin"
 * outside demo mode, and accounts created in demo mode stop working once it is off.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', async () => {
  const { harness, fakeCookieJar } = await import('../support/auth');
  return { cookies: async () => fakeCookieJar(), headers: async () => harness.headers };
});
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { sessions, users } from '@/lib/db/schema';
import { ConfigError, DEMO_ACK, isDemoMode, readEnv } from '@/lib/env';
import { seedDemo } from '@/lib/demo/seed';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { createUser } from '@/lib/auth/users';
import { viewerForUser } from '@/lib/auth/viewer';
import { resolveViewer } from '@/lib/server/resolve-viewer';
import { startupChecks } from '@/lib/server/startup';
import { switchDemoRole } from '@/app/actions';
import { testTargets } from '@/tests/support/db';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SECRET = 's'.repeat(40);

function withEnv<T>(vars: Record<string, string | undefined>, fn: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const restore = () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  try {
    const r = fn();
    if (r instanceof Promise) return r.finally(restore) as T;
    restore();
    return r;
  } catch (e) {
    restore();
    throw e;
  }
}

describe('demo mode only where intended', () => {
  it.each([
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'test' }, false],
    [{}, false],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'development', DATABASE_URL: 'postgres://x/y' }, false],
    [{ NODE_ENV: 'development', LEDGERLINE_DEMO: '0' }, false],
    [{ NODE_ENV: 'test', LEDGERLINE_DEMO: '1' }, true],
    [{ NODE_ENV: 'production', LEDGERLINE_DEMO: '1', LEDGERLINE_DEMO_ACK: DEMO_ACK }, true],
  ] as [Record<string, string>, boolean][])('%j → demo %s', (env, want) => {
    expect(isDemoMode(readEnv(env))).toBe(want);
  });

  it('NODE_ENV=production with LEDGERLINE_DEMO=1 but no acknowledgement refuses to start', () => {
    expect(() => readEnv({ NODE_ENV: 'production', LEDGERLINE_DEMO: '1' })).toThrow(ConfigError);
    expect(() => readEnv({ NODE_ENV: 'production', LEDGERLINE_DEMO: '1', LEDGERLINE_DEMO_ACK: 'yes' })).toThrow(
      /LEDGERLINE_DEMO_ACK=anyone-can-be-admin/,
    );
  });

  it('servers bind to 127.0.0.1 unless LEDGERLINE_HOST is configured', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.start).toMatch(/next start -H "\$\{LEDGERLINE_HOST:-127\.0\.0\.1\}"/);
    expect(scripts.dev).toMatch(/next dev -H "\$\{LEDGERLINE_HOST:-127\.0\.0\.1\}"/);
  });
});

for (const target of testTargets()) {
  describe(`secure defaults on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
    });
    afterAll(async () => {
      await d?.close();
    });

    it('outside demo mode an anonymous visitor is nobody: no demo viewer, no role switch to admin', async () => {
      await withEnv({ LEDGERLINE_DEMO: undefined, NODE_ENV: 'production' }, async () => {
        expect(await resolveViewer(d.db, 'admin', null)).toBeNull();
        expect(await switchDemoRole('admin')).toEqual({ ok: false, error: 'Role switching exists only in demo mode.' });
      });
      await withEnv({ LEDGERLINE_DEMO: '1' }, async () => {
        expect((await resolveViewer(d.db, 'admin', null))?.role).toBe('admin');
      });
    });

    it('demo accounts and accounts created in demo mode stop working when demo mode ends; their sessions end at start', async () => {
      const { id } = await createUser({
        db: d.db,
        actor: 'demo-admin',
        tenantId: DEMO_TENANT_ID,
        email: `made-in-demo-${target.name}@x.example`,
        name: 'Made in demo',
        role: 'admin',
        password: 'made-in-demo-pass-1',
        createdInDemo: true,
      });
      await d.db.insert(sessions).values({ id: `s-${id}`, token: `t-${id}`, userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
      await withEnv({ LEDGERLINE_DEMO: '1' }, async () => {
        expect((await viewerForUser(d.db, id))?.role).toBe('admin');
        expect(await viewerForUser(d.db, 'demo-admin')).not.toBeNull();
      });
      await withEnv({ LEDGERLINE_DEMO: '0' }, async () => {
        expect(await viewerForUser(d.db, id)).toBeNull();
        expect(await viewerForUser(d.db, 'demo-admin')).toBeNull();
        await startupChecks(d.db, readEnv({ LEDGERLINE_DEMO: '0' }));
      });
      expect(await d.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    });

    it('a production start with no auth secret and no admin refuses, naming the CLI command for the first admin', async () => {
      const prod = readEnv({ NODE_ENV: 'production' });
      // demo admins and demo-created admins do not count
      const err = await startupChecks(d.db, prod).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain('npm run cli -- users create');
      expect((err as Error).message).toContain('--role admin');
      await expect(startupChecks(d.db, readEnv({ NODE_ENV: 'production', LEDGERLINE_AUTH_SECRET: SECRET }))).resolves.toBeUndefined();
      await expect(
        startupChecks(d.db, readEnv({ NODE_ENV: 'production', LEDGERLINE_DEMO: '1', LEDGERLINE_DEMO_ACK: DEMO_ACK })),
      ).resolves.toBeUndefined();
      await createUser({
        db: d.db,
        actor: 'cli',
        tenantId: DEMO_TENANT_ID,
        email: `first-admin-${target.name}@x.example`,
        name: 'First admin',
        role: 'admin',
        password: 'first-admin-pass-1',
      });
      await expect(startupChecks(d.db, prod)).resolves.toBeUndefined();
      await d.db
        .update(users)
        .set({ disabled: new Date().toISOString() })
        .where(eq(users.email, `first-admin-${target.name}@x.example`));
      await expect(startupChecks(d.db, prod)).rejects.toBeInstanceOf(ConfigError);
    });
  });
}

describe('the server start itself', () => {
  it('NODE_ENV=production with no configuration exits 78 with the message, before serving anything', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-prod-start-'));
    try {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        NODE_ENV: 'production',
        LEDGERLINE_DATA_DIR: dir,
      };
      if (process.env.DATABASE_URL) env.DATABASE_URL = ''; // the embedded default: the open case of the issue
      const r = spawnSync(
        path.join(ROOT, 'node_modules', '.bin', 'tsx'),
        ['--tsconfig', 'tsconfig.json', 'tests/security/support/start.ts'],
        { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 },
      );
      expect(r.status, r.stderr + r.stdout).toBe(78);
      expect(r.stderr).toContain('Refusing to start in production');
      expect(r.stderr).toContain('npm run cli -- users create');
      expect(r.stdout).not.toContain('[start] ready');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
