import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT as root, productFiles } from '@/tests/support/product-files';
import { ConfigError, configuredAuthSecret, isDemoMode, readEnv } from './env';

describe('one settings module', () => {
  it('no product code reads process.env except lib/env.ts (and NEXT_RUNTIME in instrumentation.ts)', () => {
    const offenders: string[] = [];
    for (const file of [...productFiles('lib'), ...productFiles('app'), ...productFiles('components'), 'instrumentation.ts']) {
      if (file === path.join('lib', 'env.ts')) continue;
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      text.split('\n').forEach((line, i) => {
        const reads = line.match(/process\s*(\.\s*env|\[\s*['"`]env['"`]\s*\])(\s*(\.\s*\w+|\[[^\]]*\]))?/g) ?? [];
        for (const r of reads) {
          if (file === 'instrumentation.ts' && /\.NEXT_RUNTIME$/.test(r.replace(/\s/g, ''))) continue;
          offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });

  it('fails with one ConfigError naming every bad variable, auth included', () => {
    let err: unknown;
    try {
      readEnv({ DATABASE_URL: 'mysql://x', LEDGERLINE_AUTH_SECRET: 'short', LEDGERLINE_DEMO: 'yes' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).toMatch(/^Invalid configuration:/);
    expect(msg).toContain('DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(msg).toContain('LEDGERLINE_AUTH_SECRET: LEDGERLINE_AUTH_SECRET must be at least 32 characters');
    expect(msg).toContain('LEDGERLINE_DEMO');
  });

  it('reads the auth secret and demo mode from the same module', () => {
    const s = 'x'.repeat(32);
    expect(configuredAuthSecret(readEnv({ BETTER_AUTH_SECRET: s }))).toBe(s);
    expect(configuredAuthSecret(readEnv({ LEDGERLINE_AUTH_SECRET: `${s}a`, BETTER_AUTH_SECRET: s }))).toBe(`${s}a`);
    expect(configuredAuthSecret(readEnv({ LEDGERLINE_AUTH_SECRET: '  ' }))).toBeUndefined();
    expect(isDemoMode(readEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(isDemoMode(readEnv({}))).toBe(false);
    expect(isDemoMode(readEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x' }))).toBe(false);
  });
});
