/**
 * Bounded work per request. A body that trickles in or stalls must not hold a connection for minutes:
 * every body must arrive within a deadline of seconds (LEDGERLINE_BODY_TIMEOUT_MS,
 * 10 s by default) or the request ends with a typed 408, and the reader is cancelled.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', async () => {
  const { harness, fakeCookieJar } = await import('../support/auth');
  return { cookies: async () => fakeCookieJar(), headers: async () => harness.headers };
});

import { type AppError, isAppError } from '@/lib/errors';
import { ConfigError, readEnv } from '@/lib/env';
import { bodyReadTimeoutMs, errorResponse, readBodyBytes, readJson } from '@/lib/server/route';

/** A body that sends `first` and then nothing, ever (or one byte every `dripMs` when set); records cancellation. */
function stalledBody(first: string, dripMs?: number): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      if (dripMs) timer = setInterval(() => controller.enqueue(new Uint8Array([0x20])), dripMs);
    },
    cancel() {
      cancelled = true;
      if (timer) clearInterval(timer);
    },
  });
  return { stream, cancelled: () => cancelled };
}

function post(body: ReadableStream<Uint8Array> | string): Request {
  return new Request('http://localhost/api/answers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
}

async function withTimeout<T>(ms: string | undefined, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.LEDGERLINE_BODY_TIMEOUT_MS;
  if (ms === undefined) delete process.env.LEDGERLINE_BODY_TIMEOUT_MS;
  else process.env.LEDGERLINE_BODY_TIMEOUT_MS = ms;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.LEDGERLINE_BODY_TIMEOUT_MS;
    else process.env.LEDGERLINE_BODY_TIMEOUT_MS = saved;
  }
}

describe('body read deadline', () => {
  it('defaults to seconds, not minutes; a bad setting fails at start', () => {
    expect(withTimeoutSync(undefined, () => bodyReadTimeoutMs())).toBe(10_000);
    expect(readEnv({ LEDGERLINE_BODY_TIMEOUT_MS: '2500' }).LEDGERLINE_BODY_TIMEOUT_MS).toBe(2500);
    for (const bad of ['0', '-1', 'soon', '600001']) expect(() => readEnv({ LEDGERLINE_BODY_TIMEOUT_MS: bad }), bad).toThrow(ConfigError);
  });

  it('a body that stalls after its first bytes ends with a typed 408 at the deadline and the reader is cancelled', async () => {
    const body = stalledBody('{"question": "rev');
    const started = performance.now();
    const err = await withTimeout('300', () => readJson(post(body.stream), 256 * 1024)).catch((e: unknown) => e);
    const took = performance.now() - started;
    expect(isAppError(err) && err.code).toBe('request_timeout:body');
    expect((err as AppError).status).toBe(408);
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(3000);
    expect(body.cancelled()).toBe(true);
    const res = errorResponse(err);
    expect(res.status).toBe(408);
    expect((await res.json()).error.code).toBe('request_timeout:body');
  });

  it('the deadline is for the whole body: one byte every 20 ms (never idle, never over the size) still ends at the deadline', async () => {
    const body = stalledBody('{"question": "', 20);
    const started = performance.now();
    const err = await withTimeout('400', () => readBodyBytes(post(body.stream), 256 * 1024)).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('request_timeout:body');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(body.cancelled()).toBe(true);
  });

  it('a caller may allow more time for large bodies (uploads) but never unbounded', async () => {
    const body = stalledBody('%PDF-1.7');
    const err = await withTimeout('200', () => readBodyBytes(post(body.stream), 1024 * 1024, { timeoutMs: 500 })).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('request_timeout:body');
    await expect(readBodyBytes(post('x'), 10, { timeoutMs: Number.POSITIVE_INFINITY })).rejects.toThrow(/deadline/);
  });

  it('a complete body within the deadline reads as before', async () => {
    const body = await withTimeout('300', () => readJson(post('{"question":"revenue 2024"}'), 1024));
    expect(body).toEqual({ question: 'revenue 2024' });
  });
});

function withTimeoutSync<T>(ms: string | undefined, fn: () => T): T {
  const saved = process.env.LEDGERLINE_BODY_TIMEOUT_MS;
  if (ms === undefined) delete process.env.LEDGERLINE_BODY_TIMEOUT_MS;
  else process.env.LEDGERLINE_BODY_TIMEOUT_MS = ms;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env.LEDGERLINE_BODY_TIMEOUT_MS;
    else process.env.LEDGERLINE_BODY_TIMEOUT_MS = saved;
  }
}
