import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';

export interface TestTarget {
  name: 'pglite' | 'postgres';
  /** a fresh, migrated, empty database */
  open(): Promise<Database>;
}

/** Refuse to create scratch databases on anything but a local server. */
function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local DATABASE_URL (${host}).`);
  }
}

/**
 * Databases the integration suite runs against: in-memory PGlite always, and PostgreSQL when
 * DATABASE_URL is set (each open() creates a scratch database that close() drops).
 */
export function testTargets(): TestTarget[] {
  const targets: TestTarget[] = [
    {
      name: 'pglite',
      async open() {
        const d = await openDatabase({ dataDir: 'memory' });
        await migrate(d);
        return d;
      },
    },
  ];
  const url = process.env.DATABASE_URL;
  if (url) {
    assertLocal(url);
    targets.push({
      name: 'postgres',
      async open() {
        const admin = await openDatabase({ url });
        const name = `ll_test_${randomBytes(6).toString('hex')}`;
        await admin.query(`create database ${name}`);
        const u = new URL(url);
        u.pathname = `/${name}`;
        const d = await openDatabase({ url: u.toString() });
        await migrate(d);
        const close = d.close.bind(d);
        d.close = async () => {
          await close();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.close();
        };
        return d;
      },
    });
  }
  return targets;
}
