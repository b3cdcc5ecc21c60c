import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import type { MemberEntry } from '../match-metric';
import { planQuestion } from '../plan';
import { conceptNames, nameKey } from './member-measure';

const catalog: CatalogEntity[] = [ent('acme', 'Acme', 'Acme Inc.', 'ACME')];
const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
const members: MemberEntry[] = [
  // the segment's profit under the filer's own concepts; its revenue under the ontology's
  {
    entityId: 'acme',
    axis: SEG,
    member: 'acme:WidgetsMember',
    labels: ['Widgets'],
    measures: [
      'revenue',
      'concept:acme:EarningsBeforeInterestAndTaxes',
      'concept:us-gaap:IncomeLossIncludingPortionAttributableToNoncontrollingInterest',
    ],
    captions: { 'concept:us-gaap:IncomeLossIncludingPortionAttributableToNoncontrollingInterest': ['Earnings/(Loss) before income taxes'] },
  },
  { entityId: 'acme', axis: SEG, member: 'acme:GadgetsMember', labels: ['Gadgets'], measures: ['revenue', 'operating_income'] },
];
const measureOf = (q: string) => {
  const r = planQuestion(q, { catalog, measures: { members } });
  return r.status === 'planned' ? r.intent.metric?.id : r.status;
};

describe("a member's own measure", () => {
  it('reads the concept the member reports under a name of the measure asked: QName words, initials, printed caption', () => {
    expect(measureOf('Acme Widgets EBIT in fiscal 2024')).toBe('concept:acme:EarningsBeforeInterestAndTaxes');
    expect(measureOf('Acme Widgets earnings before income taxes, fiscal 2024')).toBe(
      'concept:us-gaap:IncomeLossIncludingPortionAttributableToNoncontrollingInterest',
    );
  });
  it('reads the concept the question writes out in full, where a word of it alone names another measure', () => {
    // "taxes" alone is tax expense; with the words before it, the member's own line
    expect(measureOf('Acme Widgets earnings before interest and taxes, fiscal 2024')).toBe('concept:acme:EarningsBeforeInterestAndTaxes');
    expect(measureOf('Acme Gadgets earnings before interest and taxes, fiscal 2024')).toBe('needs_clarification');
  });
  it('keeps the measure asked where the member reports it, and where none of its concepts is named like it', () => {
    expect(measureOf('Acme Gadgets operating income in fiscal 2024')).toBe('operating_income');
    expect(measureOf('Acme Widgets revenue in fiscal 2024')).toBe('revenue');
    expect(measureOf('Acme Widgets net income in fiscal 2024')).toBe('net_income');
  });
  it('compares names without a caption’s “(loss)”, and by the initials of content words', () => {
    expect(nameKey('Earnings/(Loss) before income taxes')).toBe('earnings before income taxes');
    expect(nameKey('EARNINGS (LOSS) BEFORE INTEREST AND TAXES')).toBe('earnings before interest and taxes');
    expect([...conceptNames('acme:EarningsBeforeInterestAndTaxes', [])]).toContain('ebit');
  });
});
