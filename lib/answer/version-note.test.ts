import { describe, expect, it } from 'vitest';
import type { ChainVersion } from '@/lib/calc';
import type { Citation } from '@/lib/retrieval/lookup-facts';
import { calculatedBasisSentence, shareBasisConflict, shareBasisFailure, versionNoteOf, versionSentence } from './version-note';

const v = (id: string, value: string, filedAt: string, revisionKind: string | null = null): ChainVersion => ({
  id,
  value,
  filedAt,
  accession: `acc-${id}`,
  form: '10-K',
  revisionKind,
});
const chain = [v('pre', '112.20', '2022-02-02'), v('adj', '5.61', '2023-02-03', 'split_adjustment')];
const cite = (accession: string, filedAt: string): Citation => ({
  factId: 'x',
  sourceId: 's',
  sourceTitle: 't',
  accession,
  form: '10-K',
  filedAt,
  tableId: null,
  table: null,
  cellId: null,
  row: null,
  column: null,
  columnPath: [],
  page: null,
  span: null,
});

describe('version notes', () => {
  it('a named filing: which filing, and the later split adjustment', () => {
    const basis = {
      kind: 'filing' as const,
      name: { form: '10-K' as const, fiscalYear: 2021, fiscalPeriod: 'FY' as const, text: 'the 2021 10-K' },
      filing: { accessions: ['acc-pre'], form: '10-K', filedAt: '2022-02-02', label: 'the 10-K for FY2021' },
    };
    const note = versionNoteOf(
      { id: 'pre', value: '112.20', basisTag: 'filing:acc-pre', citation: cite('acc-pre', '2022-02-02') },
      chain,
      basis,
    );
    expect(note).toMatchObject({
      basis: 'filing:acc-pre',
      used: { id: 'pre' },
      others: [{ id: 'adj' }],
      filing: { label: 'the 10-K for FY2021' },
    });
    expect(versionSentence(note, basis)).toBe(
      ' This is the figure as reported in the 10-K for FY2021 (10-K filed 2 Feb 2022). Other versions exist: a later stock-split adjustment (10-K filed 3 Feb 2023).',
    );
  });

  it('the restated and the original figure each name the other', () => {
    const latest = { kind: 'latest' as const, require: 'split' as const };
    const adj = versionNoteOf({ id: 'adj', value: '5.61', basisTag: 'latest', citation: cite('acc-adj', '2023-02-03') }, chain, latest);
    expect(adj.basis).toBe('latest+split');
    expect(versionSentence(adj, latest)).toBe(
      ' This is the split-adjusted figure, a stock-split adjustment (10-K filed 3 Feb 2023). Other versions exist: as first reported (10-K filed 2 Feb 2022).',
    );
    const original = { kind: 'original' as const };
    expect(
      versionSentence(
        versionNoteOf({ id: 'pre', value: '112.20', basisTag: 'original', citation: cite('acc-pre', '2022-02-02') }, chain, original),
        original,
      ),
    ).toMatch(
      /^ This is the figure as originally reported \(10-K filed 2 Feb 2022\)\. Other versions exist: a later stock-split adjustment/,
    );
  });

  it('says nothing on the default basis when there is one value; says so when a version was asked', () => {
    const one = [v('only', '416161000000', '2025-10-31')];
    const note = versionNoteOf({ id: 'only', value: '416161000000', basisTag: 'latest', citation: cite('acc-only', '2025-10-31') }, one, {
      kind: 'latest',
    });
    expect(versionSentence(note, { kind: 'latest' })).toBe('');
    expect(versionSentence(note, { kind: 'original' })).toMatch(/No other version of it was reported\.$/);
    // the same value re-filed is not another version
    const again = versionNoteOf(
      { id: 'only', value: '416161000000', basisTag: 'latest', citation: cite('acc-only', '2025-10-31') },
      [...one, v('again', '416161000000.0', '2026-10-30')],
      { kind: 'latest' },
    );
    expect(again.others).toEqual([]);
  });

  it('calculated figures say their basis once', () => {
    const basis = {
      kind: 'filing' as const,
      name: { form: '10-K' as const, fiscalYear: 2024, fiscalPeriod: 'FY' as const, text: 'the FY2024 10-K' },
    };
    expect(calculatedBasisSentence([{ citations: [cite('a', '2024-11-01')] }], basis)).toBe(
      ' Every figure is as reported in the 10-K filed 1 Nov 2024 (the FY2024 10-K).',
    );
    expect(calculatedBasisSentence([{ citations: [] }], { kind: 'latest' })).toBe('');
    expect(calculatedBasisSentence([{ citations: [] }], { kind: 'original' })).toBe(' Every figure is as originally reported.');
    // a comparison: each company's own filing
    const two = [
      { entity: { name: 'Apple Inc.' }, citations: [cite('a', '2024-11-01')] },
      { entity: { name: 'NVIDIA CORP' }, citations: [cite('n', '2024-02-21')] },
    ];
    expect(calculatedBasisSentence(two, { ...basis, name: { ...basis.name, text: 'their FY2024 10-Ks' } }, false)).toBe(
      ' Each company’s figure is as reported in its own filing (their FY2024 10-Ks): Apple Inc., the 10-K filed 1 Nov 2024; NVIDIA CORP, the 10-K filed 21 Feb 2024.',
    );
  });
});

describe('share bases', () => {
  const split = { ratio: 10, reverse: false, firstFiled: '2024-08-28' };
  const eps = (id: string, value: string, filedAt: string) =>
    versionNoteOf(
      { id, value, unit: 'USD/shares', basisTag: 'latest', citation: cite(`acc-${id}`, filedAt) },
      [v(id, value, filedAt)],
      { kind: 'latest' },
      [split],
    );

  it('a per-share figure reported before a later split says so; a share-free figure carries no share basis', () => {
    const stale = eps('fy22', '3.85', '2022-03-18');
    expect(stale.splitsAfter).toEqual([split]);
    expect(versionSentence(stale, { kind: 'latest' })).toBe(
      ' It was reported before the 10-for-1 stock split (adjusted in filings from 28 Aug 2024), and no split-adjusted version of it was filed.',
    );
    expect(eps('fy25', '2.94', '2025-02-26').splitsAfter).toEqual([]);
    expect(
      versionNoteOf(
        { id: 'r', value: '1', unit: 'USD', basisTag: 'latest', citation: cite('r', '2022-03-18') },
        [v('r', '1', '2022-03-18')],
        { kind: 'latest' },
        [split],
      ).splitsAfter,
    ).toBeUndefined();
  });

  it('figures on different share bases are not compared; on one basis they are', () => {
    const fy22 = { label: 'FY2022', version: eps('fy22', '3.85', '2022-03-18'), factIds: ['fy22'] };
    const fy23 = { label: 'FY2023', version: eps('fy23', '0.17', '2025-02-26'), factIds: ['fy23'] };
    const fy24 = { label: 'FY2024', version: eps('fy24', '1.19', '2025-02-26'), factIds: ['fy24'] };
    expect(shareBasisConflict([fy22, fy23], 'EPS (diluted)')).toBe(
      'EPS (diluted) for FY2022 was last reported before the 10-for-1 stock split (adjusted in filings from 28 Aug 2024), which FY2023 reflects, and no split-adjusted version of it was filed: the figures are on different share bases, so they are not compared',
    );
    expect(shareBasisFailure([fy22, fy23], 'EPS (diluted)')).toMatchObject({
      kind: 'rejected',
      errors: [{ code: 'MIXED_BASIS', factIds: ['fy22', 'fy23'] }],
    });
    expect(shareBasisConflict([fy23, fy24], 'EPS (diluted)')).toBeNull();
    expect(shareBasisFailure([fy23, { label: 'FY2024', factIds: [] }], 'EPS (diluted)')).toBeNull();
  });
});
