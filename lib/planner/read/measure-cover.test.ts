import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import type { MemberEntry } from '../match-metric';
import { planQuestion } from '../plan';

const catalog: CatalogEntity[] = [
  ent('kite', 'Kite', 'Kite Industries Inc.', 'KITE'),
  ent('orbit', 'Orbit', 'Orbit Holdings Corp.', 'ORBT'),
];
const CLASS = 'us-gaap:StatementClassOfStockAxis';
const EQUITY = 'us-gaap:StatementEquityComponentsAxis';
const members: MemberEntry[] = [
  // Kite: two classes of common stock on its cover, and a capital stock class that only declares dividends
  {
    entityId: 'kite',
    axis: CLASS,
    member: 'us-gaap:CommonClassAMember',
    labels: ['Class A'],
    measures: ['shares_outstanding', 'eps_basic'],
  },
  {
    entityId: 'kite',
    axis: CLASS,
    member: 'us-gaap:CommonClassBMember',
    labels: ['Class B'],
    measures: ['shares_outstanding', 'eps_basic'],
  },
  { entityId: 'kite', axis: CLASS, member: 'kite:CapitalClassBMember', labels: ['Class B'], measures: ['dividends_paid'] },
  // Orbit: one class, and the equity statement's common stock column (which carries its own share count)
  { entityId: 'orbit', axis: EQUITY, member: 'us-gaap:CommonStockMember', labels: ['Common Stock'], measures: ['shares_outstanding'] },
];
const plan = (q: string) => planQuestion(q, { catalog, measures: { members } });
const read = (q: string) => {
  const r = plan(q);
  if (r.status !== 'planned') return { status: r.status, text: r.status === 'needs_clarification' ? r.clarification.question : '' };
  return {
    status: r.status,
    metric: r.intent.metric.id,
    cover: r.intent.metric.cover ?? false,
    dims: r.intent.metric.dimensions ?? null,
    basis: r.intent.basis.kind === 'filing' ? `${r.intent.basis.name.form} ${r.intent.basis.name.fiscalYear}` : r.intent.basis.kind,
  };
};

describe('a figure read from a filing’s cover page', () => {
  it('reads the cover words and their lead once a verb has made the count, for the filing named', () => {
    expect(read('Going by the cover page of its FY2023 10-K, how many shares of common stock did Orbit have outstanding?')).toMatchObject({
      metric: 'shares_outstanding',
      cover: true,
      dims: null,
      basis: '10-K 2023',
    });
    expect(read('How many ordinary shares did Orbit have outstanding on the front page of its 2022 annual report?')).toMatchObject({
      metric: 'shares_outstanding',
      cover: true,
      basis: 'annual 2022',
    });
    expect(read('How many common shares did Orbit have outstanding as of the cover date of its fiscal 2023 10-K?')).toMatchObject({
      metric: 'shares_outstanding',
      cover: true,
      // the words of the count are its own name, not the equity statement's common stock column
      dims: null,
    });
  });
  it('reads "the date on the cover" as the cover’s own date, and blocks it beside a figure no cover gives', () => {
    expect(read('Orbit common shares outstanding, at the date printed on its FY2023 10-K cover page')).toMatchObject({
      metric: 'shares_outstanding',
      cover: true,
      basis: '10-K 2023',
    });
    expect(read('How many shares did Orbit have outstanding as of the date on the cover of its 2022 annual report?')).toMatchObject({
      metric: 'shares_outstanding',
      cover: true,
      basis: 'annual 2022',
    });
    expect(read('Orbit net income as of the date on its FY2023 10-K cover').status).not.toBe('planned');
  });
  it('reads a verb of disclosing beside the cover words as the cover giving the figure, never a passage to quote', () => {
    expect(read('What public float was stated on the cover of Orbit’s FY2023 10-K?')).toMatchObject({
      metric: 'public_float',
      cover: true,
      basis: '10-K 2023',
    });
    expect(read('Orbit public float for FY2022, as shown on its 10-K cover for FY2022')).toMatchObject({
      metric: 'public_float',
      cover: true,
    });
    expect(read('Orbit net income as disclosed on the cover of its FY2023 10-K').status).not.toBe('planned');
  });
  it('reads a share class from the filer’s own members, told apart by the count the verb makes', () => {
    expect(read('According to the cover of its FY2023 10-K, how many Class B shares did Kite have outstanding?')).toMatchObject({
      metric: 'shares_outstanding',
      cover: true,
      dims: { [CLASS]: 'us-gaap:CommonClassBMember' },
    });
    expect(read('How many Class A (common stock) shares did Kite have outstanding per the cover of its FY2023 10-K?')).toMatchObject({
      metric: 'shares_outstanding',
      dims: { [CLASS]: 'us-gaap:CommonClassAMember' },
    });
  });
  it('never answers a class the filer does not report, and asks which filing a bare form means', () => {
    const missing = plan('How many Class C shares did Kite have outstanding per the cover of its FY2023 10-K?');
    expect(missing.status).toBe('insufficient_evidence');
    // what is missing, and the classes the filer does report
    expect(missing.status === 'insufficient_evidence' && missing.missing).toMatch(/no “Class C” shares.*Class A, Class B/);
    expect(read('How many shares of common stock did Orbit have outstanding according to its 10-K cover?')).toMatchObject({
      status: 'needs_clarification',
    });
  });
  it('reads a filing named by its form alone as the one whose cover the date names, and asks it back for any other figure', () => {
    const dated = plan('Orbit common shares outstanding per its 10-Q cover, dated 14 October 2024?');
    expect(dated.status).toBe('planned');
    if (dated.status === 'planned') {
      expect(dated.intent.metric).toMatchObject({ id: 'shares_outstanding', cover: true });
      expect(dated.intent.periods[0]?.spec).toMatchObject({ type: 'instant', date: '2024-10-14' });
    }
    expect(read('Orbit revenue for fiscal 2024 per its 10-K cover?')).toMatchObject({ status: 'needs_clarification' });
    expect(read('Orbit revenue for fiscal 2024 per its 10-K cover?').text).toMatch(/Which 10-K/);
  });
  it('reads a filing named by its form alone as the only one of that form the company holds, and names the ones held when several', () => {
    const filings = { orbit: { '20-F': ['the FY2023 20-F'], '10-K': ['the FY2023 10-K', 'the FY2022 10-K'] } };
    const held = (q: string) => planQuestion(q, { catalog, measures: { members }, filings });
    const only = held('How many ordinary shares did Orbit have outstanding per its 20-F cover?');
    expect(only.status).toBe('planned');
    if (only.status === 'planned') {
      expect(only.intent.metric).toMatchObject({ id: 'shares_outstanding', cover: true });
      expect(only.intent.basis).toMatchObject({ kind: 'filing', name: { form: '20-F', fiscalYear: 'latest', text: 'its 20-F' } });
    }
    const several = held('How many ordinary shares did Orbit have outstanding per its 10-K cover?');
    expect(several.status).toBe('needs_clarification');
    if (several.status === 'needs_clarification') {
      expect(several.clarification.options).toEqual(['the FY2023 10-K', 'the FY2022 10-K']);
      expect(several.clarification.rewrites?.[1]).toBe('How many ordinary shares did Orbit have outstanding per the FY2022 10-K cover?');
    }
    // a form the company holds none of is asked as before (the answer then says which forms it files)
    expect(held('Orbit revenue for fiscal 2023 in its 40-F').status).toBe('needs_clarification');
  });
  it('reads a month named beside a cover as the days the cover is dated in, and a month for any other figure as it is', () => {
    const month = plan('Orbit common shares outstanding per its FY2023 10-K cover (February 2024)');
    expect(month.status).toBe('planned');
    if (month.status === 'planned') {
      expect(month.intent.metric).toMatchObject({ id: 'shares_outstanding', cover: true });
      expect(month.intent.periods[0]?.spec).toEqual({ type: 'date_range', start: '2024-02-01', end: '2024-02-29' });
    }
    const revenue = plan('Orbit revenue in February 2024');
    expect(revenue.status === 'planned' ? revenue.intent.periods[0]?.spec.type : revenue.status).not.toBe('date_range');
  });
  it('reads the public float as the cover’s without the word cover, and its caption without its article', () => {
    expect(read('What was the public float of Orbit in its FY2023 10-K?')).toMatchObject({
      metric: 'public_float',
      cover: true,
      basis: '10-K 2023',
    });
    expect(
      read('Aggregate market value of voting and non-voting common equity held by non-affiliates for Kite, FY2023 10-K'),
    ).toMatchObject({
      metric: 'public_float',
      cover: true,
    });
  });
  it('reads the par value per share of the common stock as its own measure, not the common stock balance', () => {
    expect(read('What was the par value per share of common stock of Orbit at December 31, 2023?')).toMatchObject({
      metric: 'par_value_per_share',
      cover: false,
    });
  });
});
