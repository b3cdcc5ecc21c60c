import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readEnv } from '@/lib/env';

/**
 * Event-loop delay as a diagnostic (LEDGERLINE_LOOP_DELAY_FILE): synchronous work on the request path
 * (planning, JSON of large answers, crypto) delays every other request of the process; the load bench
 * reports it beside CPU per request. Each second one JSON line `{ t, p50, p99, max, mean }` (ms, over
 * that second) is appended to the file. Off unless the variable is set; once per process.
 */
export function startLoopDelayLog(): void {
  const file = readEnv().LEDGERLINE_LOOP_DELAY_FILE;
  const key = Symbol.for('ledgerline.loop-delay');
  const holder = globalThis as { [key]?: boolean };
  if (!file || holder[key]) return;
  holder[key] = true;
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    if (h.count > 0) {
      const line = { t: Date.now(), p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean) };
      fs.appendFile(file, `${JSON.stringify(line)}\n`, () => undefined);
    }
    h.reset();
  }, 1000).unref();
}
