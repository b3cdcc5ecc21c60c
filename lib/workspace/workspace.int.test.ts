import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { answerExportRows } from './export-rows';
import { storedAnswer } from './shared-answer';
import { citedTarget, renderedHtmlSource, sourceHeader } from './source-view';
import { deleteThread, listThreads, renameThread, threadWithTurns, touchThread } from './threads';

const target = testTargets()[0]!;
const me = { tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', role: 'analyst' as const };

describe('analyst workspace on the demo corpus', () => {
  let d: Database;
  beforeAll(async () => {
    d = await target.open();
    await seedDemo(d.db);
    await d.db
      .insert(users)
      .values({ id: 'other-analyst', tenantId: DEMO_TENANT_ID, email: 'other@example.test', name: 'Other', role: 'analyst' })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await d?.close();
  });

  it('a thread keeps its turns for its owner only; rename and delete', async () => {
    const threadId = 'thread-e2e-0001';
    for (const q of ['Helios revenue FY2026', 'and FY2025?']) {
      await touchThread(d.db, me, threadId, q);
      await answerQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: me.userId, role: 'analyst', question: q, threadId });
    }
    const list = await listThreads(d.db, me);
    expect(list.find((t) => t.id === threadId)).toMatchObject({ title: 'Helios revenue FY2026', turns: 2 });
    const t = await threadWithTurns(d.db, me, threadId);
    expect(t?.turns.map((x) => x.question)).toEqual(['Helios revenue FY2026', 'and FY2025?']);
    expect(t?.turns[0]?.answer.values[0]?.display).toBe('₹1,200 crore');

    const other = { ...me, userId: 'other-analyst' };
    await expect(touchThread(d.db, other, threadId, 'hijack')).rejects.toThrow('belongs to someone else');
    expect(await threadWithTurns(d.db, other, threadId)).toBeNull();
    expect(await listThreads(d.db, other)).toEqual([]);
    await expect(renameThread(d.db, other, threadId, 'x')).rejects.toThrow('No such conversation');

    await renameThread(d.db, me, threadId, 'Helios top line');
    expect((await listThreads(d.db, me))[0]!.title).toBe('Helios top line');
    await deleteThread(d.db, me, threadId);
    expect(await listThreads(d.db, me)).toEqual([]);
    // the evidence stays for reviewers
    const kept = await d.query<{ n: number }>('select count(*)::int as n from manifests where thread_id = $1', [threadId]);
    expect(kept[0]!.n).toBe(2);
  });

  it('a shared answer opens for another user of the tenant, not for another tenant', async () => {
    const a = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: me.userId,
      role: 'analyst',
      question: 'Helios revenue FY2026',
    });
    const shared = await storedAnswer(d.db, { tenantId: DEMO_TENANT_ID, role: 'analyst', userId: 'other-analyst' }, a.manifestId!);
    expect(shared).toMatchObject({ question: 'Helios revenue FY2026', askedByMe: false });
    expect(answerExportRows(shared!.answer)[0]).toMatchObject({
      periodStart: '2025-04-01',
      periodEnd: '2026-03-31',
      sourceAccession: 'HELIOS-AR-FY2026',
    });
    expect(await storedAnswer(d.db, { tenantId: 'another-tenant', role: 'admin' }, a.manifestId!)).toBeNull();
  });

  it('the source viewer renders the ingested report with the cited cell marked, under the visibility predicate', async () => {
    const a = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: me.userId,
      role: 'analyst',
      question: 'Helios revenue FY2026',
    });
    const c = a.values[0]!.citations[0]!;
    const header = await sourceHeader(d.db, me, c.sourceId);
    expect(header).toMatchObject({ mediaType: 'text/html', accession: 'HELIOS-AR-FY2026' });
    const t = await citedTarget(d.db, me, c.sourceId, { factId: c.factId });
    expect(t).toMatchObject({ kind: 'cell', text: expect.stringMatching(/^1,200(\.00)?$/) });
    const r = await renderedHtmlSource(d.db, me, c.sourceId);
    expect(r!.html).toContain(`data-ll-cell="${t!.id}"`);
    expect(r!.html).not.toMatch(/<script|onerror=|javascript:/i);
    // a fact id from another source is not a target in this one
    expect(await citedTarget(d.db, me, c.sourceId, { factId: '0'.repeat(64) })).toBeNull();
    // other tenants and revoked sources see nothing
    expect(await sourceHeader(d.db, { tenantId: 'another-tenant', role: 'admin' }, c.sourceId)).toBeNull();
    await d.query('update sources set revoked = true where id = $1', [c.sourceId]);
    try {
      expect(await sourceHeader(d.db, me, c.sourceId)).toBeNull();
      expect(await renderedHtmlSource(d.db, { ...me, role: 'reviewer' }, c.sourceId)).toBeNull();
    } finally {
      await d.query('update sources set revoked = false where id = $1', [c.sourceId]);
    }
  });
});
