import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { manifests, tenants, users, verdicts } from '@/lib/db/schema';
import { testTargets } from '@/tests/support/db';
import { MockLanguageModelV3 } from 'ai/test';
import { prescoreNarratives } from './judge';
import { aggregateVerdicts, loadVerdicts } from './narrative';

const T = 't-narr';
function manifest(id: string, narrative: boolean, pathway: 'detail' | 'comparison', extra: Partial<typeof manifests.$inferInsert> = {}) {
  return {
    id,
    tenantId: T,
    question: `q ${id}`,
    status: 'answered' as const,
    pathway,
    intent: { plan: narrative ? 'planned_narrative' : 'planned', intent: null, notes: [] },
    answer: {
      text: `answer ${id}`,
      passages: narrative
        ? [
            {
              quote: 'Aluminium and copper make up about 35% of our material cost.',
              sourceTitle: 'AR',
              section: 'Risk Factors',
              fiscalYear: 2026,
            },
          ]
        : [],
    },
    ...extra,
  };
}

for (const target of testTargets()) {
  describe(`narrative verdicts from the database (${target.name})`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      await d.db.insert(tenants).values([
        { id: T, name: 'N' },
        { id: 'other', name: 'O' },
      ]);
      await d.db.insert(users).values([
        { id: 'rev1', tenantId: T, email: 'r1@x.test', name: 'R1', role: 'reviewer' },
        { id: 'rev2', tenantId: T, email: 'r2@x.test', name: 'R2', role: 'reviewer' },
      ]);
      await d.db
        .insert(manifests)
        .values([
          manifest('n1', true, 'detail'),
          manifest('n2', true, 'comparison', { versions: { languageModel: 'configured/gemini-2.0-flash' } }),
          manifest('n3', true, 'detail'),
          manifest('x1', false, 'detail'),
          { ...manifest('o1', true, 'detail'), tenantId: 'other' },
        ]);
      const s = (x: number) => ({ coverage: x, reasoning: x, factual_consistency: x, clarity: x, depth: x });
      await d.db.insert(verdicts).values([
        {
          id: 'v1',
          tenantId: T,
          manifestId: 'n1',
          reviewerId: 'rev1',
          verdict: 'correct',
          scores: s(5),
          createdAt: new Date('2026-01-01T00:00:00Z'),
        },
        {
          id: 'v2',
          tenantId: T,
          manifestId: 'n1',
          reviewerId: 'rev2',
          verdict: 'partial',
          scores: s(3),
          createdAt: new Date('2026-01-01T00:01:00Z'),
        },
        {
          id: 'v3',
          tenantId: T,
          manifestId: 'n2',
          reviewerId: 'rev1',
          verdict: 'incorrect',
          failureClass: 'retrieval_wrong_period',
          scores: s(2),
          createdAt: new Date('2026-01-01T00:02:00Z'),
        },
        {
          id: 'v4',
          tenantId: T,
          manifestId: 'x1',
          reviewerId: 'rev1',
          verdict: 'correct',
          scores: {},
          createdAt: new Date('2026-01-01T00:03:00Z'),
        },
        {
          id: 'v5',
          tenantId: 'other',
          manifestId: 'o1',
          reviewerId: null,
          verdict: 'failure',
          scores: {},
          createdAt: new Date('2026-01-01T00:04:00Z'),
        },
      ]);
    });
    afterAll(async () => {
      await d?.close();
    });

    it('joins verdicts to the tenant’s narrative manifests', async () => {
      const rows = await loadVerdicts(d.db, T);
      expect(rows.map((r) => r.verdictId).sort()).toEqual(['v1', 'v2', 'v3']);
      expect(rows.find((r) => r.verdictId === 'v3')).toMatchObject({
        pathway: 'comparison',
        failureClass: 'retrieval_wrong_period',
        narrative: true,
      });
      expect((await loadVerdicts(d.db, T, { narrativeOnly: false })).map((r) => r.verdictId).sort()).toEqual(['v1', 'v2', 'v3', 'v4']);
      expect(await loadVerdicts(d.db, T, { since: new Date('2026-01-01T00:01:30Z') })).toHaveLength(1);
    });

    it('aggregates tiers and dimensions per pathway', async () => {
      const e = aggregateVerdicts(await loadVerdicts(d.db, T));
      expect(e.overall.manifests).toBe(2);
      // n1: correct vs partial → tie → the more severe (partial); n2: incorrect
      expect(e.overall.tiers.partial.k).toBe(1);
      expect(e.overall.tiers.incorrect.k).toBe(1);
      expect(e.byPathway.detail!.dimensions.coverage.mean).toBe(4);
      expect(e.overall.agreement).toMatchObject({ k: 0, n: 1 });
    });

    it('pre-scores only unreviewed narrative answers, refusing same-family generators', async () => {
      await d.db.insert(manifests).values([manifest('n4', true, 'detail', { versions: { languageModel: 'configured/gemini-1.5-pro' } })]);
      const model = new MockLanguageModelV3({
        provider: 'judge',
        modelId: 'gemini-2.0-flash',
        doGenerate: async () => ({
          content: [
            {
              type: 'text',
              text: JSON.stringify({
                verdict: 'correct',
                scores: { coverage: 4, reasoning: 4, factual_consistency: 5, clarity: 4, depth: 3 },
                rationale: 'Supported by the risk factor.',
              }),
            },
          ],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
          warnings: [],
        }),
      });
      const pre = await prescoreNarratives(d.db, T, model);
      expect(pre.map((p) => p.manifestId).sort()).toEqual(['n3', 'n4']);
      expect(pre.find((p) => p.manifestId === 'n3')?.result?.verdict).toBe('correct');
      expect(pre.find((p) => p.manifestId === 'n4')?.skipped).toMatch(/both google/);
      // pre-scores are not stored as reviewer verdicts
      expect(await loadVerdicts(d.db, T)).toHaveLength(3);
    });
  });
}
