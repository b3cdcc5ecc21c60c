/**
 * Per-key counting semaphores with a FIFO wait: at most `limit` holders of a key at once; the next ones
 * wait their turn — for at most `waitMs` and at most `queueLimit` of them, beyond which `busy()` is thrown
 * (both unbounded by default). A released slot passes straight to the next waiter; a key's entry is
 * dropped when idle. One primitive for the per-tenant share of connections (lib/server/bounded.ts) and
 * the source viewer's bound on uncached renders (lib/workspace/source-view.ts).
 */
export interface SlotWait {
  /** how long one more waits for a slot, ms (default: as long as it takes) */
  waitMs?: number;
  /** waiters beyond which the next is refused at once (default: no bound) */
  queueLimit?: number;
  /** the error a refused or timed-out request gets */
  busy?: () => Error;
}

interface Waiter {
  grant: () => void;
}

export class KeyedSlots {
  private readonly busy = new Map<string, { active: number; waiting: Waiter[] }>();

  /** Take a slot of `key` (at most `limit` held at once); returns its release (idempotent). */
  async acquire(key: string, limit: number, wait: SlotWait = {}): Promise<() => void> {
    const waitMs = wait.waitMs ?? Infinity;
    const refuse = wait.busy ?? (() => new Error(`no free slot for ${key}`));
    let entry = this.busy.get(key);
    if (!entry) this.busy.set(key, (entry = { active: 0, waiting: [] }));
    const e = entry;
    const release = once(() => {
      const next = e.waiting.shift();
      if (next) next.grant();
      else if (--e.active === 0) this.busy.delete(key);
    });
    if (e.active < limit) {
      e.active++;
      return release;
    }
    if (e.waiting.length >= (wait.queueLimit ?? Infinity) || waitMs <= 0) throw refuse();
    return new Promise<() => void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter: Waiter = {
        // a released slot passes straight to the next waiter (active stays the same)
        grant: () => {
          if (timer) clearTimeout(timer);
          resolve(release);
        },
      };
      if (Number.isFinite(waitMs)) {
        timer = setTimeout(() => {
          const i = e.waiting.indexOf(waiter);
          if (i >= 0) e.waiting.splice(i, 1);
          reject(refuse());
        }, waitMs);
      }
      e.waiting.push(waiter);
    });
  }

  /** Slots held and requests waiting for `key` (tests, monitoring). */
  state(key: string): { active: number; waiting: number } {
    const e = this.busy.get(key);
    return { active: e?.active ?? 0, waiting: e?.waiting.length ?? 0 };
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
