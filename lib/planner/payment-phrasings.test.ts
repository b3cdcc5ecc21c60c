import { describe, expect, it } from 'vitest';
import { ent } from './__fixtures__/catalog';
import type { CatalogEntity } from './catalog';
import { planQuestion } from './plan';

const catalog: CatalogEntity[] = [ent('orbit', 'Orbit', 'Orbit Holdings Corp.', 'ORBT')];
const REPURCHASE = { metricId: 'share_repurchases', label: 'Payments for Repurchase of Common Stock' };
const metricOf = (q: string, labels: { metricId: string; label: string }[]) => {
  const r = planQuestion(q, { catalog, measures: { labels } });
  return r.status === 'planned' ? r.intent.metric.id : r.status;
};

describe("an outflow line said by what it pays for, from the filer's own label", () => {
  it('reads what the label pays for, with a payment noun after it, as the line', () => {
    expect(metricOf('Orbit repurchase outlays for fiscal 2024', [REPURCHASE])).toBe('share_repurchases');
    expect(metricOf('Orbit common stock repurchase spending, fiscal 2024', [REPURCHASE])).toBe('share_repurchases');
  });
  it('leaves the words unplaced when the filer ships no such label, or two lines give the same phrasing', () => {
    expect(metricOf('Orbit repurchase outlays for fiscal 2024', [])).toBe('needs_clarification');
    const other = { metricId: 'dividends_paid', label: 'Payments for Repurchase of Preferred Stock' };
    expect(metricOf('Orbit repurchase outlays for fiscal 2024', [REPURCHASE, other])).toBe('needs_clarification');
    // an inflow's label is no payment
    expect(
      metricOf('Orbit repurchase outlays for fiscal 2024', [{ metricId: 'revenue', label: 'Payments for Repurchase of Common Stock' }]),
    ).toBe('needs_clarification');
  });
});
