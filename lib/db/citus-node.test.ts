import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { typedBoundError } from '@/lib/server/bounded';
import { isNodeUnreachable } from './citus';

// lib/server is server-only (Next.js); this test runs it in plain Node
vi.mock('server-only', () => ({}));

/** The error a query gets when a worker of its cluster is stopped (measured: drizzle wraps pg's error as its cause). */
function workerDown(): Error {
  const pgError = Object.assign(
    new Error(
      'connection to the remote node postgres@localhost:5623 failed with the following error: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?',
    ),
    { code: '08006', severity: 'ERROR' },
  );
  return new Error('Failed query: select …', { cause: pgError });
}

describe('a Citus node that cannot be reached', () => {
  it('is recognised through the cause chain, and only for a remote node', () => {
    expect(isNodeUnreachable(workerDown())).toBe(true);
    // the coordinator itself refusing a connection is not a worker failure
    expect(isNodeUnreachable(Object.assign(new Error('connection refused'), { code: '08006' }))).toBe(false);
    expect(isNodeUnreachable(Object.assign(new Error('remote node said no'), { code: '0A000' }))).toBe(false);
    expect(isNodeUnreachable(null)).toBe(false);
  });

  it('ends the request with a typed 503 to retry, never with a partial result', () => {
    const e = typedBoundError(workerDown());
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: 'unavailable:database_node', status: 503, details: { retryAfterS: 5 } });
  });
});
