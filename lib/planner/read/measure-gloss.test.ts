/**
 * A parenthesis after a measure that restates it — in the ontology's words or in the filer's own label or
 * printed caption of the line (ctx.measures.labels) — is read with the measure, never as a member or a
 * second figure; one with a word the line's names do not have still blocks.
 */
import { describe, expect, it } from 'vitest';
import { restatesMeasure } from '@/lib/ontology/vocabulary/gloss';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import type { MemberEntry } from '../match-metric';
import { planQuestion } from '../plan';

const catalog: CatalogEntity[] = [ent('acme', 'Acme', 'Acme Inc.', 'ACME')];
const labels = [
  { metricId: 'capex', label: 'Purchases related to property and equipment and intangible assets' },
  { metricId: 'dividends_paid', label: 'Payments for dividends and dividend equivalents' },
];
const members: MemberEntry[] = [
  { entityId: 'acme', axis: 'us-gaap:PropertyPlantAndEquipmentByTypeAxis', member: 'acme:EquipmentMember', labels: ['Equipment'] },
];
const plan = (q: string, withLabels = true) => {
  const r = planQuestion(q, { catalog, measures: { members, ...(withLabels ? { labels } : {}) } });
  return r.status === 'planned' ? { id: r.intent.metric?.id, dims: r.intent.metric?.dimensions ?? null } : r.status;
};

describe('a parenthesis that restates the measure in the filer’s words', () => {
  it('is read with the measure, after its period too, and a member word inside it names no member', () => {
    expect(plan('Acme capital expenditures in fiscal 2025 (purchases of property, equipment and intangibles)')).toEqual({
      id: 'capex',
      dims: null,
    });
    expect(plan('Acme dividends paid (including dividend equivalents) for fiscal 2025')).toEqual({ id: 'dividends_paid', dims: null });
  });
  it('blocks without the filer’s label, or with a word the line’s names lack', () => {
    expect(plan('Acme dividends paid (including dividend equivalents) for fiscal 2025', false)).toBe('needs_clarification');
    expect(plan('Acme dividends paid (including special distributions) for fiscal 2025')).toBe('needs_clarification');
  });
  it('reads "including" as what a labelled line holds only beside a filer label', () => {
    expect(restatesMeasure('including dividend equivalents', 'dividends_paid', ['Payments for dividends and dividend equivalents'])).toBe(
      true,
    );
    expect(restatesMeasure('including dividend equivalents', 'dividends_paid')).toBe(false);
  });
});

describe('a measure written around the company’s name', () => {
  it('is read across the name, and cash used is the money of the outflow', () => {
    expect(plan('Cash income taxes Acme paid in fiscal 2025')).toEqual({ id: 'income_taxes_paid', dims: null });
    expect(plan('Cash Acme used to repurchase stock in fiscal 2025')).toEqual({ id: 'share_repurchases', dims: null });
    // the cover page's caption with the company's name inside it
    expect(plan('Aggregate market value of Acme common stock held by non-affiliates at November 30, 2024')).toEqual({
      id: 'public_float',
      dims: null,
    });
  });
  it('leaves the measures on each side of the name as written', () => {
    const r = planQuestion('Revenue Acme reported in fiscal 2025', { catalog, measures: { members } });
    expect(r.status === 'planned' ? r.intent.metric?.id : r.status).toBe('revenue');
  });
});

describe('a sign question and the figure to judge it by', () => {
  const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
  const seg: MemberEntry[] = [
    { entityId: 'acme', axis: SEG, member: 'acme:CloudMember', labels: ['Acme Cloud'], measures: ['operating_income', 'revenue'] },
  ];
  const ask = (q: string) => {
    const r = planQuestion(q, { catalog, measures: { members: seg } });
    return r.status === 'planned'
      ? { id: r.intent.metric?.id, dims: r.intent.metric?.dimensions ?? null, also: r.also?.length ?? 0 }
      : r.status;
  };
  it('answers "did it make money" with the figure an instruction names after it', () => {
    expect(ask('Did Acme Cloud make money in fiscal 2022? Give its operating income.')).toEqual({
      id: 'operating_income',
      dims: { [SEG]: 'acme:CloudMember' },
      also: 0,
    });
  });
  it('keeps the bottom line where another figure is asked beside it, not named to judge by', () => {
    const r = planQuestion('Did Acme make money in fiscal 2022, and what was its revenue?', { catalog, measures: { members: [] } });
    expect(r.status === 'planned' ? r.intent.metric?.id : r.status).toBe('net_income');
  });
});

describe('a figure asked from a filing’s cover page', () => {
  const cover = (q: string) => {
    const r = planQuestion(q, { catalog, measures: { members: [] } });
    return r.status === 'planned' ? { id: r.intent.metric?.id, cover: r.intent.metric?.cover ?? false } : r.status;
  };
  it('marks the share count or public float read from the cover, the cover and form words placed', () => {
    expect(cover('Acme shares outstanding on the cover of its Q3 fiscal 2025 10-Q')).toEqual({ id: 'shares_outstanding', cover: true });
    expect(cover('Acme public float per the fiscal 2025 10-K cover page')).toEqual({ id: 'public_float', cover: true });
  });
  it('leaves the balance sheet’s count unmarked, and a figure no cover gives blocked', () => {
    expect(cover('Acme shares outstanding at the end of fiscal 2025')).toEqual({ id: 'shares_outstanding', cover: false });
    expect(cover('Acme revenue on the cover of its fiscal 2025 10-K')).toBe('needs_clarification');
  });
});

describe('the size of a figure asked', () => {
  it('reads "how big/large" as the amount of the measure named, and blocks without one', () => {
    expect(plan('How big was Acme capital expenditure in fiscal 2025?')).toEqual({ id: 'capex', dims: null });
    // no measure named: no figure is given (asked which one, or refused)
    expect(['insufficient_evidence', 'needs_clarification']).toContain(plan('How big was Acme in fiscal 2025?'));
  });
});

describe('a verb and its particle that restate the measure, with the company between an auxiliary and the verb', () => {
  it('reads the verb with its particle, not with the auxiliary before the company', () => {
    expect(plan('What did Acme pay out for stock repurchases in fiscal 2025?')).toEqual({ id: 'share_repurchases', dims: null });
    expect(plan('How much did Acme pay out in dividends during fiscal 2025?')).toEqual({ id: 'dividends_paid', dims: null });
  });
  it('still blocks on a content word beside them', () => {
    expect(plan('What did Acme pay out quietly for stock repurchases in fiscal 2025?')).toBe('needs_clarification');
  });
});
