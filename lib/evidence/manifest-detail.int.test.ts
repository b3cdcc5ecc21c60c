import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, DEMO_USERS, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { getManifest, recordVerdict } from './manifest-detail';
import { FAILURE_CLASS_IDS } from './taxonomy';

const REVIEWER = DEMO_USERS[1]!.id;

for (const target of testTargets()) {
  describe(`reviewer verdicts on ${target.name}`, () => {
    let d: Database;
    let manifestId: string;
    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
      const a = await answerQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', question: 'Helios revenue FY2026' });
      manifestId = a.manifestId!;
    });
    afterAll(async () => d?.close());

    const verdict = (v: 'correct' | 'partial' | 'incorrect' | 'failure', failureClass: string | null) =>
      recordVerdict({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        reviewerId: REVIEWER,
        manifestId,
        verdict: v,
        failureClass,
        scores: {},
        comment: null,
      });

    it('stores exactly the verdict and class chosen', async () => {
      const cls = FAILURE_CLASS_IDS[0];
      await verdict('incorrect', cls);
      const m = await getManifest(d.db, { tenantId: DEMO_TENANT_ID, role: 'reviewer' }, manifestId);
      expect(m!.verdicts[0]).toMatchObject({ verdict: 'incorrect', failureClass: cls, reviewerId: REVIEWER });
    });

    it('refuses a verdict other than correct without a class, and a correct verdict with one — storing nothing', async () => {
      const before = (await getManifest(d.db, { tenantId: DEMO_TENANT_ID, role: 'reviewer' }, manifestId))!.verdicts.length;
      await expect(verdict('partial', null)).rejects.toMatchObject({ code: 'bad_request:failure_class' });
      await expect(verdict('correct', FAILURE_CLASS_IDS[0])).rejects.toMatchObject({ code: 'bad_request:failure_class' });
      expect((await getManifest(d.db, { tenantId: DEMO_TENANT_ID, role: 'reviewer' }, manifestId))!.verdicts).toHaveLength(before);
      await verdict('correct', null);
      const m = await getManifest(d.db, { tenantId: DEMO_TENANT_ID, role: 'reviewer' }, manifestId);
      expect(m!.verdicts).toHaveLength(before + 1);
      expect(m!.verdicts.some((v) => v.verdict === 'correct' && v.failureClass === null)).toBe(true);
    });
  });
}
