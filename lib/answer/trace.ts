/**
 * What answering a question considered, for its evidence manifest: every fact lookup (the candidates, the ones
 * rejected and why, the one chosen under which version basis) and every calculation (its operands' fact ids,
 * its formula, its typed errors).
 */
import type { TypedError } from '@/lib/calc';
import type { Period } from '@/lib/domain/types';
import type { LookupResult, RejectedCandidate } from '@/lib/retrieval/lookup-facts';

export interface Trace {
  lookups: {
    entityId: string;
    metricId: string;
    period: Period;
    status: LookupResult['status'];
    candidates: {
      id: string;
      concept: string;
      value: string;
      period: Period;
      filedAt: string;
      version: number;
      accession: string | null;
    }[];
    rejected: RejectedCandidate[];
    chosen: string | null;
    reason?: string;
    /** the version basis the lookup chose under (`latest`, `original`, `filing:<accession>`, …) */
    basis?: string;
  }[];
  calculations: { op: string; ok: boolean; formula?: string; operandFactIds?: string[]; errors?: TypedError[]; value?: string }[];
}
