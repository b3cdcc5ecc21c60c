/**
 * "Revenue attributed to <member>", "sales attributable to <member>": the words link a measure to a member the filer
 * reports, placed with it (a part of the measure), where they sent the question to the filings' text; "attribute
 * <a change> to" still asks what the filing says.
 */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { MemberEntry } from '../match-member';
import { planQuestion } from '../plan';

const GEO = 'srt:StatementGeographicalAxis';
const catalog = [ent('quill', 'Quill', 'Quill Systems Inc.', 'QUIL')];
const members: MemberEntry[] = [
  { entityId: 'quill', axis: GEO, member: 'country:MY', labels: ['Malaysia'], measures: ['revenue'] },
  { entityId: 'quill', axis: GEO, member: 'country:IE', labels: ['Ireland'], measures: ['revenue'] },
];
const plan = (q: string) => planQuestion(q, { catalog, measures: { members } });

describe('a measure attributed to a member', () => {
  it.each([
    ["What were Quill's fiscal 2023 sales attributed to Malaysia?", 'country:MY'],
    ['Quill fiscal 2022 revenue attributable to Ireland', 'country:IE'],
  ])('%s', (q, member) => {
    const r = plan(q);
    expect(r.status).toBe('planned');
    if (r.status === 'planned') expect(r.intent.metric.dimensions).toEqual({ [GEO]: member });
  });
  it('a cause attributed is still a question about what the filing says', () => {
    expect(plan('To what did Quill attribute the rise in revenue in fiscal 2023?').status).toBe('planned_narrative');
  });
});
