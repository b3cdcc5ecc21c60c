/**
 * A counting pass-through between the server under test and PostgreSQL: it relays the bytes unchanged and
 * reads the frontend messages' types to count statements (`Q` simple queries, `E` executes of the extended
 * protocol) and round trips (`Q`, and `S` syncs that close an extended-protocol batch), so the load test
 * can report statements per request measured outside the server. Loopback only; no TLS (the pg client
 * sends an SSLRequest only when asked to, and the bench never asks).
 */
import net from 'node:net';
import { freePort } from './server';

export interface PgCounts {
  statements: number;
  roundTrips: number;
  connections: number;
}

export interface PgCounter {
  /** the database URL to give the server: the same database, through the counter */
  url: string;
  counts(): PgCounts;
  close(): Promise<void>;
}

export async function startPgCounter(target: string): Promise<PgCounter> {
  const t = new URL(target);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(t.hostname)) throw new Error('the statement counter only relays to a local PostgreSQL');
  const counts: PgCounts = { statements: 0, roundTrips: 0, connections: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    counts.connections++;
    // a `?host=/dir` URL reaches the server by its Unix socket (/dir/.s.PGSQL.<port>), as node-postgres does
    const socketDir = t.searchParams.get('host');
    const pgPort = Number(t.port || 5432);
    const upstream = socketDir?.startsWith('/')
      ? net.connect(`${socketDir}/.s.PGSQL.${pgPort}`)
      : net.connect(pgPort, t.hostname.replace(/^\[|\]$/g, ''));
    sockets.add(client);
    sockets.add(upstream);
    let pending: Buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (d: Buffer) => {
      upstream.write(d);
      pending = pending.length ? Buffer.concat([pending, d]) : d;
      for (;;) {
        if (!started) {
          // the startup message (and an SSLRequest/GSSENCRequest before it) has no type byte
          if (pending.length < 8) break;
          const len = pending.readInt32BE(0);
          if (pending.length < len) break;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(len);
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (pending.length < 5) break;
        const type = String.fromCharCode(pending[0]!);
        const len = pending.readInt32BE(1);
        if (pending.length < 1 + len) break;
        if (type === 'Q') {
          counts.statements++;
          counts.roundTrips++;
        } else if (type === 'E') counts.statements++;
        else if (type === 'S') counts.roundTrips++;
        pending = pending.subarray(1 + len);
      }
    });
    upstream.on('data', (d: Buffer) => client.write(d));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const via = new URL(target);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  via.searchParams.delete('host');
  return {
    url: via.toString(),
    counts: () => ({ ...counts }),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
