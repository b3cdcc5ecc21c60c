/**
 * Output instructions ("round to one decimal place", "in millions", "as a percentage") reach the
 * answer: its value's display, the text and the stored manifest follow them; the value stays exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from './answer-question';

const target = testTargets()[0]!;

describe('instructions on the demo corpus', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', question });
  beforeAll(async () => {
    d = await target.open();
    await seedDemo(d.db);
  });
  afterAll(async () => {
    await d?.close();
  });

  it('a percentage shows two decimals unless the question asks otherwise', async () => {
    const plain = await ask('What was Helios Components’ operating margin in FY2026?');
    expect(plain.values[0]).toMatchObject({ display: '12.00%', unit: 'ratio' });
    const one = await ask('What was Helios Components’ operating margin in FY2026? Round your answer to one decimal place.');
    expect(one.status).toBe('answered');
    expect(one.values[0]!.value).toBeCloseTo(0.12, 12);
    expect(one.values[0]!.display).toBe('12.0%');
    expect(one.text).toContain('12.0%');
    expect(one.text).not.toContain('12.00%');
    // the operands are amounts, not percentages: they keep their own display
    expect(one.values[0]!.inputs.map((i) => i.display)).toEqual(['₹144 crore', '₹1,200 crore']);
    const [m] = await d.query<{ answer: { values: { display: string; value: number }[]; text: string } }>(
      'select answer from manifests where id = $1',
      [one.manifestId],
    );
    expect(m!.answer.values[0]).toMatchObject({ display: '12.0%', value: one.values[0]!.value });
    expect(m!.answer.text).toContain('12.0%');
  });

  it('an amount asked in millions with two decimals is shown so; the value is the exact rupee amount', async () => {
    const a = await ask('What was Helios Components’ revenue in FY2026 in millions? Round to two decimal places.');
    expect(a.status).toBe('answered');
    const v = a.values[0]!;
    expect(v.value).toBe(12_000_000_000);
    expect(v.display).toBe('₹12,000.00 million');
    expect(a.text).toContain('₹12,000.00 million');
    expect(a.segments).toContainEqual({ type: 'value', valueId: v.id, text: '₹12,000.00 million' });
  });

  it('an amount asked in another currency is refused, never converted or relabelled; its own currency answers', async () => {
    for (const q of [
      'What was Helios Components’ revenue in FY2026 in USD millions?',
      'What was Helios Components’ revenue in FY2026 in US dollars?',
    ]) {
      const a = await ask(q);
      expect(a.status).toBe('rejected');
      expect(a.values).toEqual([]);
      expect(a.errors.map((e) => e.code)).toContain('CURRENCY_MISMATCH');
      expect(a.text).toContain('reported in INR');
    }
    // a margin has no currency: the instruction does not touch it
    expect((await ask('What was Helios Components’ operating margin in FY2026 in rupees?')).status).toBe('answered');
    const own = await ask('What was Helios Components’ revenue in FY2026 in rupees?');
    expect(own.status).toBe('answered');
    expect(own.values[0]!.value).toBe(12_000_000_000);
  });
});
