/**
 * Interactive requests go before background work in one server process. A streamed export yielding to the
 * event loop every 250 rows still took turns with an analyst's answer step for step (an answer is dozens of
 * awaits, each queued behind an export's chunk), and on PGlite every export query blocks the loop outright:
 * the analyst's p95 went from 519 ms alone to 6,179 ms beside four exports and a hostile PDF (11.9×).
 *
 * Now interactive work (every request's bounded tenant work, lib/server/bounded.ts) is counted while it runs,
 * and background work (export chunks: a page read, a block of rows written) takes a *turn* before each chunk:
 * - one background turn at a time in the process (two exports alternate; they never both slip in between two
 *   requests of an analyst);
 * - a turn starts when no interactive work has run for QUIET_MS (the gap between one request and the next
 *   of the same client is not mistaken for idleness), or when the oldest waiting turn has waited MAX_DEFER_MS
 *   (background work is slowed under interactive load, never stopped).
 */

/** interactive silence before a background turn starts, ms */
export const QUIET_MS = 50;
/** the longest a background turn waits for silence, ms */
export const MAX_DEFER_MS = 2_000;

interface PriorityState {
  interactive: number;
  /** when the interactive count last fell to 0 (performance.now) */
  quietSince: number;
  /** a background turn is running */
  busy: boolean;
  waiting: { since: number; go: () => void }[];
  timer: ReturnType<typeof setTimeout> | undefined;
}

const key = Symbol.for('ledgerline.priority');
function state(): PriorityState {
  const holder = globalThis as { [key]?: PriorityState };
  holder[key] ??= { interactive: 0, quietSince: -Infinity, busy: false, waiting: [], timer: undefined };
  return holder[key];
}

/** Runs `fn` as interactive work: background turns wait while it runs (and QUIET_MS after). */
export async function asInteractive<T>(fn: () => Promise<T>): Promise<T> {
  const s = state();
  s.interactive++;
  try {
    return await fn();
  } finally {
    s.interactive--;
    if (s.interactive === 0) s.quietSince = performance.now();
    pump();
  }
}

/** Waits for a background turn; returns its end (call it when the chunk is done; idempotent). */
export function backgroundTurn(): Promise<() => void> {
  return new Promise((resolve) => {
    const s = state();
    s.waiting.push({
      since: performance.now(),
      go: () => {
        let ended = false;
        resolve(() => {
          if (ended) return;
          ended = true;
          s.busy = false;
          pump();
        });
      },
    });
    pump();
  });
}

/** Runs `fn` in a background turn. */
export async function inBackgroundTurn<T>(fn: () => Promise<T> | T): Promise<T> {
  const end = await backgroundTurn();
  try {
    return await fn();
  } finally {
    end();
  }
}

/** Interactive work running and background turns waiting (tests, monitoring). */
export function priorityState(): { interactive: number; waiting: number; busy: boolean } {
  const s = state();
  return { interactive: s.interactive, waiting: s.waiting.length, busy: s.busy };
}

/** Starts the next background turn if it may start now, else sets a timer for when it may. */
function pump(): void {
  const s = state();
  clearTimeout(s.timer);
  s.timer = undefined;
  const head = s.waiting[0];
  if (s.busy || !head) return;
  const now = performance.now();
  const quietFor = s.interactive === 0 ? now - s.quietSince : -1;
  const waited = now - head.since;
  if (quietFor >= QUIET_MS || waited >= MAX_DEFER_MS) {
    s.waiting.shift();
    s.busy = true;
    head.go();
    return;
  }
  // while interactive work runs, its end pumps again; the timer covers the silence and the longest deferral
  const untilQuiet = s.interactive === 0 ? QUIET_MS - quietFor : Number.POSITIVE_INFINITY;
  s.timer = setTimeout(pump, Math.max(1, Math.min(untilQuiet, MAX_DEFER_MS - waited)));
}
