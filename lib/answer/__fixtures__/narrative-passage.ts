import type { NarrativePassage } from '@/lib/retrieval/narrative-passages';

/** A retrieved passage for narrative tests: one company's FY2025 10-K, the given text and heading. */
export function narrativePassage(
  id: string,
  text: string,
  heading: string | null = 'Cybersecurity',
  section = 'Item 1C',
): NarrativePassage {
  return {
    id,
    entityId: 'e1',
    entityName: 'Acme',
    ticker: 'ACME',
    cik: null,
    fiscalYear: 2025,
    sourceId: 's1',
    sourceTitle: 'Acme 10-K',
    form: '10-K',
    filedAt: '2025-02-01',
    periodOfReport: '2024-12-31',
    accession: null,
    section,
    heading,
    ordinal: 1,
    text,
    page: null,
    spanStart: 0,
    spanEnd: text.length,
    ftsRank: 1,
    denseRank: 1,
    rrf: 1,
    score: 1,
    parts: { rrf: 1, coverage: 1, expansion: 1, heading: 1, item: 1 },
  };
}
