/**
 * Types of the judgement analyses: what the judgement reader read from a question, and what an
 * analysis hands back to be said (a verdict, the rule it applied, and the figures it rests on).
 */
import type { EntityRef, PeriodRequest } from '@/lib/planner/types';

export const ANALYSES = [
  'capital_intensity',
  'liquidity',
  'working_capital',
  'trend',
  'margin_stability',
  'margin_drivers',
  'tax_rate_change',
  'direction',
  'cash_flow_mix',
  'dividend_capacity',
  'leverage',
  'largest_line',
  'composition',
  'geographies',
  'registered_securities',
  'litigation',
  'cyclicality',
] as const;
export type AnalysisId = (typeof ANALYSES)[number];

/** What the judgement reader reads from a question. */
export interface JudgementRead {
  analysis: AnalysisId;
  /** the question is a yes/no question ("Is …", "Does …", "Has …"): the answer opens with Yes or No */
  yesNo: boolean;
  /** the question asks to say so when its measure does not fit the company ("If operating margin is not a useful metric …") */
  applicability: boolean;
  /** the ratio or margin the question names (an ontology formula id) */
  measure?: string;
  /** the direction asked about: "improving" / "increased" (up), "declined" / "drop" (down), "any change" */
  direction?: 'up' | 'down' | 'any';
  /** a band the question states for a stability question, in percentage points ("not more than roughly 2%") */
  band?: number;
  /** a stability question asks whether the figures are steady ("consistent", "stable"), not whether they swing ("volatile") */
  askStable?: boolean;
  /** both directions named ("improved or declined", "increase or decrease"): the answer names the one that happened */
  choice?: boolean;
  /** the balance-sheet section a "largest line" question ranks */
  section?: 'assets' | 'liabilities';
  /** a share a composition question states ("represent more than 20% of revenue"), in percent */
  threshold?: number;
  /** the characteristic a question asks the filing about ("subject to cyclicality", "seasonal") */
  characteristic?: 'cyclical' | 'seasonal';
  /** the kind of registered security a question asks about ("Which debt securities are registered …?") */
  securities?: 'debt' | 'equity' | 'any';
  /** the words naming the total a composition question breaks down (the text after "of" / "among") */
  totalText?: string;
}

/** A judgement question planned: the reading plus the companies and periods the planner's readers found. */
export interface JudgementPlan extends JudgementRead {
  entities: EntityRef[];
  /** the periods named, in the order written (none: the latest fiscal year reported) */
  periods: PeriodRequest[];
  /** the measure a direction question is about (the planner's measure reader), when it names one */
  subject?: { id: string; label: string; periodType: 'instant' | 'duration'; kind: 'base' | 'derived' };
}
