import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { answerCounters, ingestCounters, quarantineCounters } from './counters';
import { monitoringData } from './dashboard';

for (const target of testTargets()) {
  describe(`monitoring counters (${target.name})`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
      for (const q of [
        'What was Helios Components’ operating margin in FY2026?',
        'What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?',
        'Helios revenue FY2031',
        'Helios revenue as of 31 March 2026',
      ]) {
        await answerQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: null, question: q });
      }
    });
    afterAll(async () => {
      await d?.close();
    });

    it('counts answers, abstentions and typed codes by source and extractor version', async () => {
      const rows = await answerCounters(d.db, DEMO_TENANT_ID, { days: 2 });
      const total = (k: 'answers' | 'answered' | 'abstentions' | 'rejected') => rows.reduce((a, r) => a + r[k], 0);
      expect(total('answers')).toBe(4);
      expect(total('answered')).toBe(1);
      expect(total('abstentions')).toBe(3);
      expect(rows.reduce((a, r) => a + r.codes.PERIOD_MISMATCH, 0)).toBe(1);
      expect(rows.reduce((a, r) => a + r.codes.INSTANT_DURATION_MIX, 0)).toBe(1);
      // the answered margin rests on report facts; abstentions without operands group under "none"
      const answered = rows.find((r) => r.answered > 0)!;
      expect(answered.source).not.toBe('none');
      expect(answered.extractorVersion).not.toBe('none');
      expect(answered.latencyP50).not.toBeNull();
      expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.day))).toBe(true);
    });

    it('counts ingestion runs and quarantined facts', async () => {
      const runs = await ingestCounters(d.db, DEMO_TENANT_ID, { days: 2 });
      expect(runs.reduce((a, r) => a + r.runs, 0)).toBeGreaterThan(0);
      expect(runs.reduce((a, r) => a + r.factsAdded, 0)).toBeGreaterThan(0);
      const q = await quarantineCounters(d.db, DEMO_TENANT_ID);
      // stored quarantined facts are distinct; runs count each sighting, so runs ≥ stored
      const stored = q.reduce((a, r) => a + r.facts, 0);
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThanOrEqual(runs.reduce((a, r) => a + r.factsQuarantined, 0));
      expect(q.every((r) => r.reason && r.source && r.extractorVersion)).toBe(true);
    });

    it('ignores other tenants and days outside the window', async () => {
      expect(await answerCounters(d.db, 'nobody', { days: 2 })).toEqual([]);
      expect(await answerCounters(d.db, DEMO_TENANT_ID, { days: 1, until: new Date('2001-01-01T00:00:00Z') })).toEqual([]);
    });

    it('gathers the dashboard', async () => {
      const m = await monitoringData(d.db, DEMO_TENANT_ID, { days: 7, evalDir: '/nonexistent' });
      expect(m.charts.volume.days).toHaveLength(7);
      expect(m.charts.volume.series.answered!.reduce((a, x) => a + x, 0)).toBe(1);
      expect(m.eval).toBeNull();
    });
  });
}
