/**
 * The embedded database on a full disk: when PostgreSQL cannot write its write-ahead log it gives up the
 * session (a PANIC in a server), and PGlite, one process, then spins in its WASM backend on the next
 * statement — the rollback of the failed ingest's transaction — at full CPU with no output (measured
 * 14 minutes). So the first refusal to write the log (SQLSTATE 53100, "could not write to log file")
 * stops the handle: that statement and every later one fail at once with a typed 503
 * `unavailable:disk_full`, nothing more reaches the backend, and the server needs space and a restart
 * (the database recovers from its log on the next open). Refusals to extend a table or write a temporary
 * file leave the backend working and stay the ordinary 53100 (typed by the ingest).
 */
import { AppError } from '@/lib/errors';

type Method = (...args: unknown[]) => Promise<unknown>;

export const DISK_FULL_STOPPED =
  'the embedded database could not write its log because the disk is full and has stopped; nothing more was stored. ' +
  'Free some space on the disk holding LEDGERLINE_DATA_DIR and restart the server.';

function walWriteRefused(e: unknown): boolean {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return code === '53100' && typeof message === 'string' && /\blog file\b/.test(message);
}

/** Wraps the client's protocol methods (every query, exec and transaction statement goes through them). */
export function stopOnFullLogDisk(client: object): void {
  let stopped: unknown = null;
  const target = client as Record<string, unknown>;
  for (const name of ['execProtocol', 'execProtocolStream', 'execProtocolRaw', 'execProtocolRawStream']) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    const bound = (original as Method).bind(client);
    target[name] = async (...args: unknown[]) => {
      if (stopped) throw new AppError('unavailable:disk_full', DISK_FULL_STOPPED, { cause: stopped });
      try {
        return await bound(...args);
      } catch (e) {
        if (!walWriteRefused(e)) throw e;
        stopped = e;
        throw new AppError('unavailable:disk_full', DISK_FULL_STOPPED, { cause: e });
      }
    };
  }
}
