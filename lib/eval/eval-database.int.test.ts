import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEvalDatabase } from './eval-database';

describe('openEvalDatabase', () => {
  it('removes its temporary folder when closed, and never a folder it was given', async () => {
    // a prefix of this run's own: other test runs on the machine make folders of the same kind at the same time
    const prefix = `ll-test-evaldb-${process.pid}-${Date.now()}-`;
    const temp = await openEvalDatabase(undefined, prefix);
    const created = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(prefix));
    expect(created).toHaveLength(1);
    await temp.close();
    expect(fs.existsSync(path.join(os.tmpdir(), created[0]!))).toBe(false);

    const given = fs.mkdtempSync(path.join(os.tmpdir(), 'll-test-evaldb-given-'));
    try {
      const kept = await openEvalDatabase(given, 'unused-');
      await kept.close();
      expect(fs.readdirSync(given).length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(given, { recursive: true, force: true });
    }
  }, 60_000);
});
