/**
 * "How much did <company> make from <member>": with no measure named, the one measure the filer reports for the member
 * (from its own filings) is the figure when it is money coming in; a member reported with several measures is asked.
 */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { MemberEntry } from '../match-member';
import { planQuestion } from '../plan';

const PRODUCT = 'srt:ProductOrServiceAxis';
const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
const catalog = [ent('heron', 'Heron', 'Heron Media Inc.', 'HRN')];
const members: MemberEntry[] = [
  { entityId: 'heron', axis: PRODUCT, member: 'hrn:PodcastSponsorshipsMember', labels: ['Podcast sponsorships'], measures: ['revenue'] },
  { entityId: 'heron', axis: SEG, member: 'hrn:StudiosMember', labels: ['Studios'], measures: ['revenue', 'operating_income'] },
];
const plan = (q: string) => planQuestion(q, { catalog, measures: { members } });

describe('money made from a member', () => {
  it('is the one measure the filer reports for the member, when that is money coming in', () => {
    for (const q of [
      'What did Heron make from podcast sponsorships during 2023?',
      'Heron: money generated from Podcast sponsorships, fiscal 2022',
    ]) {
      const r = plan(q);
      expect(r.status).toBe('planned');
      if (r.status === 'planned') {
        expect(r.intent.metric.id).toBe('revenue');
        expect(r.intent.metric.dimensions).toEqual({ [PRODUCT]: 'hrn:PodcastSponsorshipsMember' });
      }
    }
  });
  it('stays asked for a member reported with several measures', () => {
    expect(plan('What did Heron make from Studios during 2023?').status).toBe('needs_clarification');
  });
});
