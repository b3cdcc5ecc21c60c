import { describe, expect, it } from 'vitest';
import { asInteractive, backgroundTurn, MAX_DEFER_MS, priorityState, QUIET_MS } from './priority';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('interactive work before background turns', () => {
  it('a turn starts at once when nothing interactive runs; one turn at a time', async () => {
    const first = await backgroundTurn();
    let second = false;
    const waiting = backgroundTurn().then((end) => {
      second = true;
      return end;
    });
    await sleep(QUIET_MS * 2);
    expect(second).toBe(false);
    expect(priorityState()).toMatchObject({ busy: true, waiting: 1 });
    first();
    (await waiting)();
    expect(second).toBe(true);
    expect(priorityState()).toEqual({ interactive: 0, waiting: 0, busy: false });
  });

  it('a turn waits while interactive work runs, and QUIET_MS after it', async () => {
    let release!: () => void;
    const work = asInteractive(() => new Promise<void>((r) => (release = r)));
    const asked = performance.now();
    let startedAt = 0;
    const turn = backgroundTurn().then((end) => {
      startedAt = performance.now();
      end();
    });
    await sleep(200);
    expect(startedAt).toBe(0);
    release();
    await work;
    const endedAt = performance.now();
    await turn;
    expect(startedAt - endedAt).toBeGreaterThanOrEqual(QUIET_MS - 2);
    expect(startedAt - asked).toBeLessThan(MAX_DEFER_MS);
  });

  it('under interactive work that never stops, a turn still starts after MAX_DEFER_MS', async () => {
    let stop = false;
    const load = (async () => {
      while (!stop) await asInteractive(() => sleep(20));
    })();
    const asked = performance.now();
    const end = await backgroundTurn();
    const waited = performance.now() - asked;
    end();
    stop = true;
    await load;
    expect(waited).toBeGreaterThanOrEqual(MAX_DEFER_MS - 2);
    expect(priorityState().interactive).toBe(0);
  });

  it('an interactive failure still ends its count', async () => {
    await expect(asInteractive(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(priorityState().interactive).toBe(0);
  });
});
