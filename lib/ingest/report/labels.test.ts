import { describe, expect, it } from 'vitest';
import { cleanLabel, conceptFor, metricForLabel, normalizeLabel } from './labels';

const m = (label: string, path: string[] = []) => metricForLabel(label, path)?.metric.id ?? null;

describe('row labels', () => {
  it('cleans enumerations, formula references, note references and footnotes', () => {
    expect(cleanLabel('III. Total Income (I+II)')).toBe('Total Income');
    expect(cleanLabel('VII. Profit / (Loss) before Tax (V+VI)')).toBe('Profit / (Loss) before Tax');
    expect(cleanLabel('(a) Inventories')).toBe('Inventories');
    expect(cleanLabel('b) Intangible Assets')).toBe('Intangible Assets');
    expect(cleanLabel('Exceptional Items (Refer Note 49)')).toBe('Exceptional Items');
    expect(cleanLabel('Revenue from operations*')).toBe('Revenue from operations');
    expect(normalizeLabel('Profit / (Loss) for the Year (VII-VIII)')).toBe('profit for the year');
  });
  it('maps statement lines to metrics', () => {
    expect(m('I. Revenue From Operations')).toBe('revenue');
    expect(m('Net sales')).toBe('revenue');
    expect(m('Total Income (I+II)')).toBe('total_income');
    expect(m('Profit / (Loss) before Tax (V+VI)')).toBe('profit_before_tax');
    expect(m('Income before income taxes')).toBe('profit_before_tax');
    expect(m('Profit for the year')).toBe('net_income');
    expect(m('Operating profit')).toBe('operating_income');
    expect(m('Income from operations')).toBe('operating_income');
    expect(m('Net cash generated from operating activities (A)')).toBe('operating_cash_flow');
    expect(m('Purchase of property, plant and equipment')).toBe('capex');
    expect(m('Net cash (used in) provided by operating activities')).toBe('operating_cash_flow');
    expect(m('Net cash provided by (used in) operating activities')).toBe('operating_cash_flow');
    expect(m('Net cash (used in) provided by investing activities')).toBeNull();
  });
  it('uses the section path where a label alone is ambiguous', () => {
    expect(m('(i) Borrowings', ['Equity and liabilities', 'Non-current liabilities', 'Financial liabilities'])).toBe('long_term_debt');
    expect(m('(i) Borrowings', ['Equity and liabilities', 'Current liabilities', 'Financial liabilities'])).toBeNull();
    expect(m('Basic', ['Earnings per equity share'])).toBe('eps_basic');
    expect(m('Basic', ['Shares outstanding'])).toBeNull();
    expect(m('(i) Trade receivables', ['Non-current assets', 'Financial assets'])).toBeNull();
  });
  it('leaves other lines unmapped (quarantined as METRIC_UNMAPPED, never guessed)', () => {
    expect(m('Profit / (Loss) before Exceptional Items and Tax (III-IV)')).toBeNull();
    expect(m('Excise Duty')).toBeNull();
    expect(m('Sales')).toBeNull();
    expect(m('Total')).toBeNull();
  });
  it('chooses Ind AS concepts for Ind AS reporters, report concepts otherwise', () => {
    const rev = metricForLabel('Revenue from operations')!.metric;
    expect(conceptFor(rev, 'ind-as')).toBe('ind-as:RevenueFromOperations');
    expect(conceptFor(rev, 'us-gaap')).toBe('report:revenue');
  });
});
