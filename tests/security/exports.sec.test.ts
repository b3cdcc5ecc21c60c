/**
 * Fair use of the server by exports. One 20,000-row XLSX facts export was built whole in memory and held the
 * event loop for seconds; four at once pushed other users' p95 to ~20 s; nothing limited a user. Now exports
 * are streamed a page at a time (the next page read when the client takes the last), one per user at a time
 * (a typed 429), at most two per server process (the next waits, then a typed 503), and capped in size.
 * (The latency beside four large exports is measured by the bench, not here.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('@/lib/server/runtime', async () => {
  const { harness } = await import('@/tests/support/auth');
  return { getDatabase: () => harness.database! };
});

import type { Viewer } from '@/lib/auth/viewer';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { seedDemo } from '@/lib/demo/seed';
import { isAppError } from '@/lib/errors';
import { countFacts, type FactCursor, factsAfter, listFacts, parseFactFilters } from '@/lib/facts/list-facts';
import {
  EXPORTS_AT_ONCE,
  type ExportPage,
  exportPages,
  exportSlotState,
  streamedExportResponse,
  takeExportSlot,
} from '@/lib/server/export-stream';
import { asInteractive, MAX_DEFER_MS, priorityState } from '@/lib/server/priority';
import { exportFacts } from '@/lib/server/workspace';
import type { ExportRow } from '@/lib/workspace/export-rows';
import { EXPORT_COLUMNS } from '@/lib/workspace/export-rows';
import { harness } from '@/tests/support/auth';
import { testTargets } from '@/tests/support/db';
import { xlsxText } from './support/stored-answers';

function row(i: number): ExportRow {
  const r = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.key, ''])) as unknown as ExportRow;
  return { ...r, entity: 'Helios', metric: 'revenue', value: String(1000 + i), factIds: `f${i}` };
}

/** A synthetic table of `total` rows read a page at a time; counts the pages read. */
function table(total: number) {
  const read = { pages: 0 };
  const readPage = async (page: number, size: number): Promise<ExportPage> => {
    read.pages++;
    const from = (page - 1) * size;
    return { rows: Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => row(from + i)), total };
  };
  return { read, readPage };
}

async function refusal(p: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, status: e.status };
    throw e;
  }
  throw new Error('expected a typed refusal');
}

describe('streamed exports', () => {
  it('an export waits while interactive work runs: no page is read until it ends (or has waited MAX_DEFER_MS)', async () => {
    const t = table(2_000);
    const slot = await takeExportSlot('stream-yield');
    let done!: () => void;
    const answer = asInteractive(() => new Promise<void>((r) => (done = r)));
    const res = streamedExportResponse(exportPages(t.readPage), { format: 'csv', name: 'x', about: { title: 'x' }, release: slot });
    const reading = res.text();
    await new Promise((r) => setTimeout(r, Math.min(500, MAX_DEFER_MS / 2)));
    expect(t.read.pages, 'pages read while the answer ran').toBe(0);
    done();
    await answer;
    const csv = await reading;
    expect(t.read.pages).toBeGreaterThan(0);
    expect(csv.split('\n').filter((l) => l.includes('Helios'))).toHaveLength(2_000);
    expect(priorityState()).toEqual({ interactive: 0, waiting: 0, busy: false });
  });

  it('CSV rows are written as read: the first bytes leave after one page, not after the whole export', async () => {
    const t = table(20_000);
    const slot = await takeExportSlot('stream-csv');
    const res = streamedExportResponse(exportPages(t.readPage), { format: 'csv', name: 'x', about: { title: 'x' }, release: slot });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('Helios')) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('Helios');
    expect(t.read.pages, 'pages read when the first row left').toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(exportSlotState('stream-csv').user, 'a client that goes away frees the slot').toBe(0);
  });

  it('every row arrives, once, in order; the size cap stops at its rows and the XLSX says it was truncated', async () => {
    const t = table(2_500);
    const csv = await streamedExportResponse(exportPages(t.readPage, 10_000, 1_000), {
      format: 'csv',
      name: 'x',
      about: { title: 'x' },
      release: () => undefined,
    }).text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines.length).toBe(1 + 2_500);
    expect(lines[1]).toContain('1000');
    expect(lines[2_500]).toContain('3499');
    expect(t.read.pages).toBe(3);

    const capped = table(5_000);
    let released = 0;
    const xlsx = streamedExportResponse(exportPages(capped.readPage, 2_500, 1_000), {
      format: 'xlsx',
      name: 'x',
      about: { title: 'Facts browser' },
      truncated: (sent, total) => (total > sent ? `Truncated: ${sent} of ${total} facts` : undefined),
      release: () => void released++,
    });
    const text = await xlsxText(xlsx);
    expect(text).toContain('Truncated: 2500 of 5000 facts');
    expect(text).toContain('<v>3499</v>');
    expect(text).not.toContain('<v>3500</v>');
    expect(capped.read.pages).toBe(3);
    expect(released).toBe(1);
  });
});

describe('export slots', () => {
  it('one export per user at a time (typed 429); at most two per process, the next waits then gets a typed 503', async () => {
    const a = await takeExportSlot('user-a');
    expect(await refusal(takeExportSlot('user-a'))).toEqual({ code: 'rate_limited:export', status: 429 });
    const b = await takeExportSlot('user-b');
    expect(EXPORTS_AT_ONCE).toBe(2);
    expect(await refusal(takeExportSlot('user-c'))).toEqual({ code: 'unavailable:exports_busy', status: 503 });
    expect(exportSlotState('user-c').user, 'a refused export holds nothing').toBe(0);
    // a waiting export gets the slot an ending one frees
    const waiting = takeExportSlot('user-c');
    a();
    const c = await waiting;
    expect(await refusal(takeExportSlot('user-b'))).toEqual({ code: 'rate_limited:export', status: 429 });
    b();
    c();
    (await takeExportSlot('user-a'))();
    expect(exportSlotState('user-a')).toEqual({ user: 0, process: 0 });
  });
});

for (const target of testTargets()) {
  describe(`facts exports (${target.name})`, () => {
    let d: Database;
    const viewer: Viewer = { userId: 'export-analyst', tenantId: DEMO_TENANT_ID, role: 'analyst', name: 'Export Analyst', demo: false };
    beforeAll(async () => {
      d = await target.open();
      harness.database = Promise.resolve(d);
      await seedDemo(d.db);
    }, 600_000);
    afterAll(async () => {
      await d?.close();
    });

    it('read a page at a time after the last row, the period-end order (either way) gives exactly the list’s rows in the list’s order', async () => {
      for (const [dir, fp] of [
        ['desc', undefined],
        ['asc', undefined],
        ['desc', 'FY'],
      ] as const) {
        const filters = parseFactFilters({ dir, ...(fp ? { fp } : {}) });
        const opts = { db: d.db, tenantId: DEMO_TENANT_ID, role: 'analyst' as const, filters };
        const listed: string[] = [];
        for (let page = 1; ; page++) {
          const { rows } = await listFacts({ ...opts, filters: { ...filters, page, size: 200 } });
          listed.push(...rows.map((r) => r.id));
          if (rows.length < 200) break;
        }
        const paged: string[] = [];
        let after: FactCursor | null = null;
        for (;;) {
          const rows = await factsAfter(opts, after, 23);
          paged.push(...rows.map((r) => r.id));
          const last = rows.at(-1);
          if (!last) break;
          after = { endDate: last.endDate, id: last.id };
        }
        expect(listed.length).toBeGreaterThan(23);
        expect(paged, `${dir} ${fp ?? ''}`).toEqual(listed);
        expect(await countFacts(opts)).toBe(listed.length);
      }
    }, 300_000);

    it('streams every visible fact of the filters as CSV and XLSX, one export per user at a time', async () => {
      const filters = parseFactFilters({});
      const { total } = await listFacts({ db: d.db, tenantId: DEMO_TENANT_ID, role: 'analyst', filters: { ...filters, page: 1, size: 5 } });
      expect(total).toBeGreaterThan(0);
      const first = await exportFacts(viewer, filters, 'csv');
      expect(await refusal(exportFacts(viewer, filters, 'xlsx'))).toEqual({ code: 'rate_limited:export', status: 429 });
      const csv = await first.text();
      expect(csv.trimEnd().split('\r\n').length).toBe(1 + Math.min(total, 20_000));
      const xlsx = await xlsxText(await exportFacts(viewer, filters, 'xlsx'));
      expect(xlsx).toContain('Facts browser');
      expect(exportSlotState(viewer.userId)).toEqual({ user: 0, process: 0 });
    }, 300_000);
  });
}
