/**
 * The securities a company has registered on an exchange are read from the Section 12(b) table of its
 * filing's cover, across the chunks the cover was cut into, and only when the table can be read whole.
 */
import { describe, expect, it } from 'vitest';
import type { CoverChunk } from '@/lib/retrieval/cover-text';
import { debtTitles, registeredTable } from './registered';

function chunks(...texts: string[]): CoverChunk[] {
  return texts.map((text, ordinal) => ({
    id: `c${ordinal}`,
    sourceId: 's1',
    sourceTitle: 'Form 10-K',
    form: '10-K',
    filedAt: '2024-02-01',
    accession: null,
    fiscalYear: 2023,
    section: null,
    heading: null,
    ordinal,
    text,
    page: 1,
    spanStart: null,
  }));
}

describe('the Section 12(b) table of a cover', () => {
  it('is read across chunks up to the Section 12(g) line, its column headings left out', () => {
    const t = registeredTable(
      chunks(
        'Telephone (555) 010-0000 Securities registered pursuant to Section 12(b) of the Act: Title of each class Trading Symbol(s) Name of each exchange on which registered Class A Common Stock ZZX Nasdaq Global Select Market',
        'Securities registered pursuant to Section 12(g) of the Act: None Indicate by check mark if the registrant is a well-known seasoned issuer.',
      ),
    );
    expect(t?.text).toBe('Class A Common Stock ZZX Nasdaq Global Select Market');
    expect(t?.chunk.id).toBe('c0');
    expect(debtTitles(t?.text ?? '')).toEqual([]);
  });

  it('lists notes by their titles, not a footnote that says "Note:"', () => {
    const t = registeredTable(
      chunks(
        'Securities registered pursuant to Section 12(b) of the Act: Common Stock ZZX New York Stock Exchange 2.125% Senior Notes due 2029 ZZX29 New York Stock Exchange Floating Rate Notes due 2031 ZZX31 New York Stock Exchange Note: the common stock also trades elsewhere. Indicate by check mark whether the registrant is a shell company.',
      ),
    );
    expect(debtTitles(t?.text ?? '')).toEqual(['2.125% Senior Notes due 2029', 'Floating Rate Notes due 2031']);
  });

  it('is not read when its end is not found, when no exchange is named in it, or from the check-mark question that only mentions it', () => {
    expect(registeredTable(chunks('Securities registered pursuant to Section 12(b) of the Act: Common Stock ZZX Nasdaq'))).toBeNull();
    expect(
      registeredTable(
        chunks(
          'Securities registered pursuant to Section 12(b) of the Act: Securities registered pursuant to Section 12(g) of the Act: None',
        ),
      ),
    ).toBeNull();
    expect(
      registeredTable(
        chunks(
          'If securities are registered pursuant to Section 12(b) of the Act, indicate by check mark whether the financial statements reflect a correction. Indicate by check mark whether the registrant is a shell company.',
        ),
      ),
    ).toBeNull();
  });
});
