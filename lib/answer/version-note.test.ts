import { describe, expect, it } from 'vitest';
import type { ChainVersion } from '@/lib/calc';
import type { Citation } from '@/lib/retrieval/lookup-facts';
import { calculatedBasisSentence, versionNoteOf, versionSentence } from './version-note';

const v = (id: string, value: string, filedAt: string, revisionKind: string | null = null): ChainVersion => ({ id, value, filedAt, accession: `acc-${id}`, form: '10-K', revisionKind });
const chain = [v('pre', '112.20', '2022-02-02'), v('adj', '5.61', '2023-02-03', 'split_adjustment')];
const cite = (accession: string, filedAt: string): Citation => ({ factId: 'x', sourceId: 's', sourceTitle: 't', accession, form: '10-K', filedAt, tableId: null, table: null, cellId: null, row: null, column: null, columnPath: [], page: null, span: null });

describe('version notes', () => {
  it('a named filing: which filing, and the later split adjustment', () => {
    const basis = { kind: 'filing' as const, name: { form: '10-K' as const, fiscalYear: 2021, fiscalPeriod: 'FY' as const, text: 'the 2021 10-K' }, filing: { accessions: ['acc-pre'], form: '10-K', filedAt: '2022-02-02', label: 'the 10-K for FY2021' } };
    const note = versionNoteOf({ id: 'pre', value: '112.20', basisTag: 'filing:acc-pre', citation: cite('acc-pre', '2022-02-02') }, chain, basis);
    expect(note).toMatchObject({ basis: 'filing:acc-pre', used: { id: 'pre' }, others: [{ id: 'adj' }], filing: { label: 'the 10-K for FY2021' } });
    expect(versionSentence(note, basis)).toBe(' This is the figure as reported in the 10-K for FY2021 (10-K filed 2 Feb 2022). Other versions exist: a later stock-split adjustment (10-K filed 3 Feb 2023).');
  });

  it('the restated and the original figure each name the other', () => {
    const latest = { kind: 'latest' as const, require: 'split' as const };
    const adj = versionNoteOf({ id: 'adj', value: '5.61', basisTag: 'latest', citation: cite('acc-adj', '2023-02-03') }, chain, latest);
    expect(adj.basis).toBe('latest+split');
    expect(versionSentence(adj, latest)).toBe(' This is the split-adjusted figure, a stock-split adjustment (10-K filed 3 Feb 2023). Other versions exist: as first reported (10-K filed 2 Feb 2022).');
    const original = { kind: 'original' as const };
    expect(versionSentence(versionNoteOf({ id: 'pre', value: '112.20', basisTag: 'original', citation: cite('acc-pre', '2022-02-02') }, chain, original), original)).toMatch(/^ This is the figure as originally reported \(10-K filed 2 Feb 2022\)\. Other versions exist: a later stock-split adjustment/);
  });

  it('says nothing on the default basis when there is one value; says so when a version was asked', () => {
    const one = [v('only', '416161000000', '2025-10-31')];
    const note = versionNoteOf({ id: 'only', value: '416161000000', basisTag: 'latest', citation: cite('acc-only', '2025-10-31') }, one, { kind: 'latest' });
    expect(versionSentence(note, { kind: 'latest' })).toBe('');
    expect(versionSentence(note, { kind: 'original' })).toMatch(/No other version of it was reported\.$/);
    // the same value re-filed is not another version
    const again = versionNoteOf({ id: 'only', value: '416161000000', basisTag: 'latest', citation: cite('acc-only', '2025-10-31') }, [...one, v('again', '416161000000.0', '2026-10-30')], { kind: 'latest' });
    expect(again.others).toEqual([]);
  });

  it('calculated figures say their basis once', () => {
    const basis = { kind: 'filing' as const, name: { form: '10-K' as const, fiscalYear: 2024, fiscalPeriod: 'FY' as const, text: 'the FY2024 10-K' } };
    expect(calculatedBasisSentence([{ citations: [cite('a', '2024-11-01')] }], basis)).toBe(' Every figure is as reported in the 10-K filed 1 Nov 2024 (the FY2024 10-K).');
    expect(calculatedBasisSentence([{ citations: [] }], { kind: 'latest' })).toBe('');
    expect(calculatedBasisSentence([{ citations: [] }], { kind: 'original' })).toBe(' Every figure is as originally reported.');
  });
});
