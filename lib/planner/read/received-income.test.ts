/** A filer's concept labelled by what the income is received for ("Rental revenues") is asked by that thing and a verb of receiving. */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { planQuestion } from '../plan';

describe('income labelled by what it is received for', () => {
  it('plans a filer concept so labelled, and never reads a verb of paying as it', () => {
    const concepts = [{ concept: 'hooli:RentalRevenues', label: 'Rental revenues', periodType: 'duration' as const }];
    const plan = (q: string) => {
      const r = planQuestion(q, { catalog: [ent('hooli', 'Hooli', 'Hooli Inc.', 'HOOL')], measures: { concepts } });
      return r.status === 'planned' ? r.intent.metric?.id : r.status;
    };
    expect(plan('How much rent did Hooli take in during 2024?')).toBe('concept:hooli:RentalRevenues');
    expect(plan('Hooli rents earned in fiscal 2024')).toBe('concept:hooli:RentalRevenues');
    expect(plan('How much rent did Hooli pay in 2024?')).toBe('needs_clarification');
  });
});
