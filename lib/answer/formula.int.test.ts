import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import type { SpanEntry } from '@/lib/planner/spans';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from './answer-question';

describe('a formula the user states, computed node by node and read back from the manifest', () => {
  let d: Database;
  beforeAll(async () => {
    d = await testTargets()[0]!.open();
    await seedDemo(d.db);
  }, 180_000);
  afterAll(async () => {
    await d?.close();
  });

  it('computes (revenue − operating profit) / revenue as written, each node through lib/calc, and stores which reader placed each word', async () => {
    const a = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: null,
      question:
        'Assume you are an equity analyst. Helios Components FY2026: (revenue − operating profit) / revenue. Round to two decimals.',
    });
    expect(a.status).toBe('answered');
    // the demo tenant: revenue ₹1,200 crore, operating profit ₹144 crore
    expect(a.values[0]?.value).toBeCloseTo(0.88, 10);
    const [m] = await d.query<{ intent: { spans: SpanEntry[] } }>('select intent from manifests where id = $1', [a.manifestId]);
    const byReader = (reader: string) => (m?.intent.spans ?? []).filter((s) => s.reader === reader).map((s) => s.text.trim());
    expect(byReader('discourse')).toContain('Assume you are an equity analyst');
    expect(byReader('expression')).toEqual(expect.arrayContaining(['(', '−', ')', '/']));
    expect(byReader('measure')).toEqual(expect.arrayContaining(['revenue', 'operating profit']));
  });

  it('a quotient the question wants in times is shown in times, the same value as the ratio', async () => {
    const a = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: null,
      question: 'Helios Components FY2026: revenue divided by operating profit, in times',
    });
    expect(a.status).toBe('answered');
    expect(a.values[0]?.unit).toBe('times');
    expect(a.values[0]?.value).toBeCloseTo(1200 / 144, 10);
  });

  it('refuses a node whose figures cover different periods instead of combining them', async () => {
    const a = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: null,
      question: 'Helios Components: (FY2026 revenue − FY2025 operating profit) / FY2026 revenue',
    });
    expect(a.status).not.toBe('answered');
  });
});
