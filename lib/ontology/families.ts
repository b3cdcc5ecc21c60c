/**
 * Concept families: a total and the other concepts filers tag the same line with. Marvell tags its
 * cash-flow "Depreciation and amortization" as us-gaap:DepreciationAndAmortization through fiscal 2023
 * and as us-gaap:OtherDepreciationAndAmortization from fiscal 2022 on (the same values where both are
 * filed). Another filer may use the same alternative concept for a part of the total, so an alternative
 * stands for the total only at a filer whose filings show it is the same line: wherever the filer
 * reported both for one period (same members, unit and period), the values agree, and there is at least
 * one such period, or, where it never reports the chain, its statements print the alternative on the line of
 * the measure's own name. It ranks after every concept of the measure's own chain (lib/ontology/metrics.ts).
 */

export interface ConceptFamily {
  /** the ontology measure whose total the family is */
  metricId: string;
  /** concepts filers use for the same line, tried after the measure's own chain, each proven per filer */
  alternatives: string[];
}

export const CONCEPT_FAMILIES: readonly ConceptFamily[] = [
  { metricId: 'depreciation', alternatives: ['us-gaap:OtherDepreciationAndAmortization'] },
  // a filer that holds only finished goods tags its balance-sheet inventories as finished goods (Nike)
  { metricId: 'inventories', alternatives: ['us-gaap:InventoryFinishedGoodsNetOfReserves', 'us-gaap:InventoryFinishedGoods'] },
];

const byMetric = new Map(CONCEPT_FAMILIES.map((f) => [f.metricId, f.alternatives]));

/** The alternative concepts of a measure's family (empty when it has none). */
export function familyAlternatives(metricId: string): readonly string[] {
  return byMetric.get(metricId) ?? [];
}

/** Relative difference under which a total and an alternative reported for one period are the same figure (rounding in the filings). */
export const FAMILY_TOLERANCE = 0.005;
