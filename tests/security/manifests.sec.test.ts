/**
 * Evidence manifests obey source ACLs, revocation and embargo: a reviewer must not read values of an
 * admin-only source in an admin's manifest, nor values of sources revoked or embargoed after the question.
 * Manifests (page data and JSON export) are redacted at read time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));
vi.mock('@/lib/server/runtime', async () => {
  const { harness } = await import('@/tests/support/auth');
  return { getDatabase: () => harness.database! };
});
vi.mock('@/lib/server/session', async () => {
  const { harness } = await import('@/tests/support/auth');
  return { getViewer: async () => harness.viewer, mayHaveViewer: async () => harness.viewer !== null };
});

import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { chunks, facts, manifests, sources } from '@/lib/db/schema';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { answerQuestion } from '@/lib/answer/answer-question';
import { getManifest } from '@/lib/evidence/manifest-detail';
import { REDACTED } from '@/lib/auth/redact-manifest';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import { GET as exportManifest } from '@/app/api/manifests/[id]/route';
import { harness, viewerFor } from '@/tests/support/auth';
import { testTargets } from '@/tests/support/db';
import type { Answer } from '@/lib/answer/types';

const QUESTION = 'What was Helios Components’ operating margin in FY2026?';

for (const target of testTargets()) {
  describe(`manifests under the visibility predicate (${target.name})`, () => {
    let d: Database;
    let manifestId = '';
    let sourceIds: string[] = [];
    let storedText = '';
    const numbers: string[] = [];
    const scope = (role: 'reviewer' | 'admin') => ({ tenantId: DEMO_TENANT_ID, role });
    const exportAs = async (role: 'reviewer' | 'admin') => {
      harness.viewer = viewerFor(role);
      const res = await exportManifest(new Request(`http://localhost/api/manifests/${manifestId}`), {
        params: Promise.resolve({ id: manifestId }),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const access = (aclRoles: ('analyst' | 'reviewer' | 'admin')[], effectiveAt: Date | null = null) =>
      Promise.all(
        sourceIds.map((sourceId) =>
          setSourceAccess({
            db: d.db,
            tenantId: DEMO_TENANT_ID,
            actorId: 'demo-admin',
            sourceId,
            aclRoles,
            effectiveAt,
            reason: 'security test',
          }),
        ),
      );

    beforeAll(async () => {
      d = await target.open();
      harness.database = Promise.resolve(d);
      await seedDemo(d.db);
      const a: Answer = await answerQuestion({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        userId: 'demo-admin',
        role: 'admin',
        question: QUESTION,
      });
      expect(a.status).toBe('answered');
      manifestId = a.manifestId!;
      storedText = a.text;
      for (const v of a.values) numbers.push(v.display, ...v.inputs.map((i) => i.display));
      const [m] = await d.db.select().from(manifests).where(eq(manifests.id, manifestId));
      const factIds = (m!.operands as { factId: string }[]).map((o) => o.factId);
      sourceIds = [...new Set((await d.db.select({ s: facts.sourceId }).from(facts).where(inArray(facts.id, factIds))).map((r) => r.s))];
      expect(sourceIds.length).toBeGreaterThan(0);
      // a passage of the same source, stored as if the answer had quoted it
      const [chunk] = await d.db.select().from(chunks).where(eq(chunks.tenantId, DEMO_TENANT_ID)).limit(1);
      expect(chunk, 'the demo corpus has passages').toBeTruthy();
      if (chunk) {
        if (!sourceIds.includes(chunk.sourceId)) sourceIds.push(chunk.sourceId);
        const answer = { ...(m!.answer as Answer) };
        answer.passages = [
          {
            id: 'p1',
            entity: a.values[0]!.entity,
            fiscalYear: 2026,
            section: 'MD&A',
            heading: 'Outlook',
            quote: chunk.text.slice(0, 80),
            chunkId: chunk.id,
            sourceId: chunk.sourceId,
            sourceTitle: 'Annual report',
            page: 3,
            span: null,
          },
        ];
        answer.segments = [...answer.segments, { type: 'passage', passageId: 'p1', text: chunk.text.slice(0, 80) }];
        await d.db.update(manifests).set({ answer }).where(eq(manifests.id, manifestId));
      }
    });
    afterAll(async () => {
      harness.viewer = null;
      await d?.close();
    });

    it('before any change, reviewer and admin see the same full manifest', async () => {
      const r = (await getManifest(d.db, scope('reviewer'), manifestId))!;
      expect(r.redaction.parts).toBe(0);
      expect(r.answer.text).toBe(storedText);
      expect(await exportAs('reviewer')).toContain(numbers[0]!);
    });

    it('after the source becomes admin-only, a reviewer gets the manifest with every value, candidate, operand and passage redacted (page and export); the admin still sees it', async () => {
      await access(['admin']);
      const r = (await getManifest(d.db, scope('reviewer'), manifestId))!;
      expect(r.id).toBe(manifestId); // still listed and openable
      expect(r.redaction.parts).toBeGreaterThan(0);
      expect(r.redaction.hiddenFacts).toBeGreaterThan(0);
      for (const v of r.answer.values) expect(v).toMatchObject({ redacted: true, display: REDACTED, citations: [], factIds: [] });
      expect(r.answer.passages).toHaveLength(1);
      for (const p of r.answer.passages) expect(p).toMatchObject({ redacted: true, quote: REDACTED });
      expect(r.redaction.hiddenPassages).toBe(1);
      for (const c of r.candidates as Record<string, unknown>[]) expect(c).toMatchObject({ redacted: true });
      for (const o of r.operands as Record<string, unknown>[]) expect(o).toMatchObject({ redacted: true });
      expect(r.operands.length).toBeGreaterThan(0);
      const exported = await exportAs('reviewer');
      for (const n of numbers) expect(r.answer.text).not.toContain(n);
      for (const n of numbers) expect(exported).not.toContain(n);
      expect(exported).toContain(REDACTED);
      const admin = (await getManifest(d.db, scope('admin'), manifestId))!;
      expect(admin.redaction.parts).toBe(0);
      expect(admin.answer.text).toBe(storedText);
      expect(await exportAs('admin')).toContain(numbers[0]!);
    });

    it('an embargo set after the question hides the values from everyone until it passes', async () => {
      await access([], new Date(Date.now() + 86_400_000));
      const admin = (await getManifest(d.db, scope('admin'), manifestId))!;
      expect(admin.answer.values.every((v) => (v as { redacted?: boolean }).redacted)).toBe(true);
      for (const n of numbers) expect(await exportAs('admin')).not.toContain(n);
      await access([], new Date(Date.now() - 1000));
      expect((await getManifest(d.db, scope('reviewer'), manifestId))!.redaction.parts).toBe(0);
    });

    it('a revoked source stays redacted in old manifests for everyone, for good', async () => {
      for (const sourceId of sourceIds)
        await revokeSource({ db: d.db, tenantId: DEMO_TENANT_ID, actorId: 'demo-admin', sourceId, reason: 'security test' });
      const admin = (await getManifest(d.db, scope('admin'), manifestId))!;
      expect(admin.redaction.hiddenFacts).toBeGreaterThan(0);
      const exported = await exportAs('admin');
      for (const n of numbers) expect(exported).not.toContain(n);
      // resetting the flag does not bring it back (the revocation ledger holds the content hash)
      await d.db.update(sources).set({ revoked: false }).where(inArray(sources.id, sourceIds));
      expect((await getManifest(d.db, scope('admin'), manifestId))!.redaction.hiddenFacts).toBeGreaterThan(0);
    });

    it('another tenant does not get the manifest at all', async () => {
      expect(await getManifest(d.db, { tenantId: 'someone-else', role: 'admin' }, manifestId)).toBeNull();
    });
  });
}
