/**
 * Words that say a figure is the parent's ("for its own shareholders", "after the minority partners' share",
 * "leaving out non-controlling interests") are placed with a figure the ontology describes as the parent's, and
 * choose that reading of a word with several ("profit", "equity"); with any other figure they block.
 */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import { planQuestion } from '../plan';

const catalog: CatalogEntity[] = [ent('umbrella', 'Umbrella', 'Umbrella Holdings plc', 'UMB')];
const plan = (q: string) => {
  const r = planQuestion(q, { catalog, measures: {} });
  return r.status === 'planned' ? r.intent.metric?.id : r.status;
};

describe("the parent's share of a figure", () => {
  it('is placed with the parent’s figure, the minority interests named as what it leaves out being no second figure', () => {
    expect(plan('How much did Umbrella earn for its own shareholders in 2023, after the minority stakes?')).toBe('net_income');
    expect(plan('Umbrella net income for its own owners in 2023, excluding minority interests')).toBe('net_income');
  });
  it('chooses the parent’s reading of a word with several', () => {
    expect(plan('How much profit did Umbrella keep for its own shareholders in 2023?')).toBe('net_income');
    expect(
      plan("How much equity belonged to Umbrella's own shareholders at the end of 2023, not counting non-controlling interests?"),
    ).toBe('total_equity');
  });
  it('blocks beside a figure that has no minority share to leave out, and leaves the words alone without them', () => {
    expect(plan('Umbrella revenue for its own shareholders in 2023')).toBe('needs_clarification');
    expect(plan('Umbrella revenue excluding minority interests in 2023')).toBe('needs_clarification');
    expect(plan('Umbrella equity at the end of 2023')).toBe('needs_clarification');
    expect(plan('Umbrella non-controlling interests at the end of 2023')).toBe('noncontrolling_interest');
  });
});
