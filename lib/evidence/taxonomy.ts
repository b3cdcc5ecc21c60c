/**
 * Failure classes a reviewer can assign. The first group follows Fin-RATE's 13-type error taxonomy,
 * arranged (as there) under retrieval, generation, financial reasoning and query/context understanding;
 * the second group is Ledgerline's temporal failure classes.
 */
export const FINRATE_FAILURES = [
  { id: 'retrieval_missing_evidence', group: 'retrieval', label: 'Relevant evidence not retrieved' },
  { id: 'retrieval_wrong_entity', group: 'retrieval', label: 'Evidence from the wrong company' },
  { id: 'retrieval_wrong_period', group: 'retrieval', label: 'Evidence from the wrong period' },
  { id: 'retrieval_incomplete', group: 'retrieval', label: 'Only part of the needed evidence retrieved' },
  { id: 'generation_hallucination', group: 'generation', label: 'Number or claim not in the evidence' },
  { id: 'generation_unfaithful', group: 'generation', label: 'Contradicts the cited evidence' },
  { id: 'generation_incomplete', group: 'generation', label: 'Answer leaves out part of the question' },
  { id: 'reasoning_calculation', group: 'reasoning', label: 'Arithmetic or formula error' },
  { id: 'reasoning_unit_scale', group: 'reasoning', label: 'Unit, scale or currency error' },
  { id: 'reasoning_financial_concept', group: 'reasoning', label: 'Wrong financial concept or definition' },
  { id: 'understanding_query', group: 'understanding', label: 'Question misread' },
  { id: 'understanding_entity', group: 'understanding', label: 'Companies confused' },
  { id: 'understanding_temporal', group: 'understanding', label: 'Periods misaligned' },
] as const;

export const TEMPORAL_FAILURES = [
  { id: 'extraction_mismatch', label: 'Extraction mismatch' },
  { id: 'missing_period', label: 'Missing period' },
  { id: 'period_filter_error', label: 'Period filter error' },
  { id: 'wrong_rerank', label: 'Wrong rerank' },
  { id: 'header_loss', label: 'Header loss' },
  { id: 'unsupported_cross_period_join', label: 'Unsupported cross-period join' },
  { id: 'citation_mismatch', label: 'Citation mismatch' },
] as const;

export const FAILURE_CLASS_IDS = [...FINRATE_FAILURES.map((f) => f.id), ...TEMPORAL_FAILURES.map((f) => f.id)] as [string, ...string[]];
