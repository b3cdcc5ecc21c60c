import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLoopDelayLog } from './loop-delay';

describe('event-loop delay log (LEDGERLINE_LOOP_DELAY_FILE)', () => {
  it('appends one JSON line a second with the delay of a blocked loop', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'll-loop-')), 'loop.jsonl');
    const saved = process.env.LEDGERLINE_LOOP_DELAY_FILE;
    process.env.LEDGERLINE_LOOP_DELAY_FILE = file;
    try {
      startLoopDelayLog();
      await new Promise((r) => setTimeout(r, 100));
      const until = Date.now() + 200;
      while (Date.now() < until) {
        /* block the loop for 200 ms */
      }
      await new Promise((r) => setTimeout(r, 2300));
      const lines = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { t: number; p99: number; max: number });
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(Math.max(...lines.map((l) => l.max))).toBeGreaterThanOrEqual(50);
    } finally {
      if (saved === undefined) delete process.env.LEDGERLINE_LOOP_DELAY_FILE;
      else process.env.LEDGERLINE_LOOP_DELAY_FILE = saved;
    }
  });
});
