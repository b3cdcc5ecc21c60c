import { describe, expect, it } from 'vitest';
import { dur, fact } from './__fixtures__/facts';
import {
  basisTag,
  describeBasis,
  relabelSplitVersions,
  restatedBySplit,
  selectVersion,
  selectVersions,
  shareBasesDiffer,
  splitsAfter,
  splitText,
  type SplitEvent,
} from './select-version';
import type { Basis } from '@/lib/domain/types';
import { margin } from './ratio';

const period = dur('2007-09-30', '2008-09-27');
const eps = (id: string, value: string, filedAt: string, over = {}) =>
  fact({
    id,
    entityId: 'apple',
    value,
    filedAt,
    period,
    unit: 'USD/shares',
    currency: 'USD',
    metricId: 'eps_diluted',
    concept: 'us-gaap:EarningsPerShareDiluted',
    ...over,
  });

const original = eps('eps-10k', '5.36', '2008-11-05');
const amended = eps('eps-10ka', '6.78', '2010-01-25');
const repeated = eps('eps-10k-2009', '6.78', '2009-10-27');

describe('selectVersion', () => {
  it('takes the latest filed version by default and tags it', () => {
    const r = selectVersion([original, amended, repeated]);
    expect(r).toMatchObject({ ok: true, basisTag: 'latest', restated: true, candidates: 3 });
    if (r.ok) expect(r.fact).toMatchObject({ id: 'eps-10ka', value: '6.78', basisTag: 'latest' });
  });

  it('takes the originally reported version', () => {
    const r = selectVersion([amended, original, repeated], { kind: 'original' });
    expect(r.ok && r.fact).toMatchObject({ id: 'eps-10k', value: '5.36', basisTag: 'original' });
  });

  it("the original is the period's own report, never a later filing's comparative", () => {
    // NVIDIA FY2024 diluted EPS: the FY2024 10-K (11.93, pre-split) is not held; the FY2025 10-K's comparative is split-adjusted
    const comparative = eps('eps-fy25-10k', '1.19', '2025-02-26', { ownReport: false, form: '10-K' });
    const r = selectVersion([comparative], { kind: 'original' });
    expect(r).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_FACT', message: expect.stringContaining('the original is not held') }],
    });
    expect(!r.ok && r.errors[0]!.message).toContain("held version is a later filing's comparative: 1.19 in the 10-K filed 2025-02-26");
    expect(
      selectVersion([comparative, { ...comparative, id: 'eps-fy26', filedAt: '2026-02-25' }], { kind: 'original', require: 'split' }),
    ).toMatchObject({ ok: false, errors: [{ message: expect.stringContaining('the original is not held') }] });
    // the own report held: its value, not the later comparative
    const own = eps('eps-own', '11.93', '2024-02-21', { ownReport: true });
    expect(selectVersion([comparative, own], { kind: 'original' })).toMatchObject({ ok: true, fact: { id: 'eps-own' } });
    // an amendment of the own report is also the own report, but the first one is the original
    const amendedOwn = eps('eps-own-a', '12.00', '2024-06-01', { ownReport: true });
    expect(selectVersion([amendedOwn, comparative, own], { kind: 'original' })).toMatchObject({ ok: true, fact: { id: 'eps-own' } });
    // unknown reporting filings: the earliest filed (as before)
    expect(selectVersion([amended, original], { kind: 'original' })).toMatchObject({ ok: true, fact: { id: 'eps-10k' } });
    // the other bases ignore it
    expect(selectVersion([comparative], { kind: 'latest' })).toMatchObject({ ok: true, fact: { id: 'eps-fy25-10k' } });
  });

  it('takes what was known as of a date', () => {
    const r = selectVersion([original, amended, repeated], { kind: 'as_of', date: '2009-12-31' });
    expect(r.ok && r.fact).toMatchObject({ id: 'eps-10k-2009', basisTag: 'as_of:2009-12-31' });
    expect(selectVersion([original, amended], { kind: 'as_of', date: '2008-01-01' })).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_FACT' }],
    });
  });

  it('reports a conflict when the policy cannot choose', () => {
    const twin = eps('eps-twin', '6.80', '2010-01-25');
    const r = selectVersion([original, amended, twin]);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'RESTATEMENT_CONFLICT', factIds: ['eps-10ka', 'eps-twin'] }] });
    // the same value filed twice the same day is no conflict
    const same = eps('eps-same', '6.780', '2010-01-25');
    expect(selectVersion([amended, same])).toMatchObject({ ok: true, restated: false });
  });

  it('refuses candidates that are not versions of one fact, and skips quarantined ones', () => {
    const other = eps('eps-basic', '6.94', '2010-01-25', { concept: 'us-gaap:EarningsPerShareBasic' });
    expect(selectVersion([amended, other])).toMatchObject({ ok: false, errors: [{ code: 'VERSION_CHAIN_MISMATCH' }] });
    const quarantined = { ...amended, status: 'quarantined' as const };
    expect(selectVersion([original, quarantined]).ok && selectVersion([original, quarantined])).toMatchObject({ fact: { id: 'eps-10k' } });
    expect(selectVersion([quarantined])).toMatchObject({ ok: false, errors: [{ code: 'MISSING_FACT' }] });
  });

  it('selects per chain and keeps the tags so one calculation never mixes bases', () => {
    const revA = fact({ id: 'rev-a', value: '100', filedAt: '2020-01-01', period });
    const revB = fact({ id: 'rev-b', value: '110', filedAt: '2021-01-01', period });
    const opA = fact({ id: 'op-a', value: '10', filedAt: '2020-01-01', period, metricId: 'operating_income', concept: 'x:Op' });
    const latest = selectVersions([revA, revB, opA]);
    expect(latest.errors).toEqual([]);
    expect(latest.selected.map((f) => f.id).sort()).toEqual(['op-a', 'rev-b']);
    const rev = latest.selected.find((f) => f.id === 'rev-b')!;
    const opOriginal = selectVersions([opA], { kind: 'original' }).selected[0]!;
    expect(margin({ numerator: opOriginal, denominator: rev })).toMatchObject({ ok: false, errors: [{ code: 'MIXED_BASIS' }] });
    const opLatest = latest.selected.find((f) => f.id === 'op-a')!;
    expect(margin({ numerator: opLatest, denominator: rev })).toMatchObject({ ok: true, versionBasis: 'latest' });
  });

  it('names bases', () => {
    expect(basisTag({ kind: 'as_of', date: '2024-01-31' })).toBe('as_of:2024-01-31');
    expect(describeBasis({ kind: 'original' })).toBe('originally reported values');
    expect(describeBasis({ kind: 'as_of', date: '2024-01-31' })).toContain('2024-01-31');
  });
});

describe('version words and named filings', () => {
  // Alphabet FY2021 diluted EPS: 112.20 in the FY2021 10-K, 5.61 after the 20-for-1 split (FY2022 and FY2023 10-Ks)
  const fy21 = dur('2021-01-01', '2021-12-31');
  const googl = (id: string, value: string, filedAt: string, over: Record<string, unknown> = {}) =>
    fact({
      id,
      entityId: 'googl',
      value,
      filedAt,
      period: fy21,
      unit: 'USD/shares',
      currency: 'USD',
      metricId: 'eps_diluted',
      concept: 'us-gaap:EarningsPerShareDiluted',
      ...over,
    });
  const pre = { ...googl('pre', '112.20', '2022-02-02', { accession: 'A21', form: '10-K' }), sightings: ['A21'] };
  const adj = {
    ...googl('adj', '5.61', '2023-02-03', { accession: 'A22', form: '10-K', version: 2 }),
    revisionKind: 'split_adjustment',
    sightings: ['A22', 'A23'],
  };
  const filing = (accessions: string[]): Basis => ({
    kind: 'filing',
    name: { form: '10-K', fiscalYear: 2021, fiscalPeriod: 'FY', text: 'the 2021 10-K' },
    filing: { accessions, form: '10-K', filedAt: '2022-02-02', label: 'the 10-K for FY2021' },
  });

  it('a named filing gives the value that filing reported, and says other versions exist', () => {
    const r = selectVersion([pre, adj], filing(['A21']));
    expect(r).toMatchObject({ ok: true, basisTag: 'filing:A21', restated: true, fact: { id: 'pre', value: '112.20' } });
    if (r.ok)
      expect(r.chain.map((c) => [c.id, c.revisionKind])).toEqual([
        ['pre', null],
        ['adj', 'split_adjustment'],
      ]);
    // a later filing that repeated the adjusted value
    expect(selectVersion([pre, adj], filing(['A23']))).toMatchObject({ ok: true, fact: { id: 'adj' } });
  });

  it('a named filing that did not report the fact gives nothing, never the latest', () => {
    expect(selectVersion([pre, adj], filing(['A19']))).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_FACT', message: expect.stringContaining('does not report it') }],
    });
    // sightings unknown, or the filing not found: no choice
    expect(selectVersion([googl('x', '1', '2022-02-02')], filing(['A21']))).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_FACT' }],
    });
    expect(
      selectVersion([pre], { kind: 'filing', name: { form: '10-K', fiscalYear: 2021, fiscalPeriod: 'FY', text: 'the 2021 10-K' } }),
    ).toMatchObject({ ok: false });
  });

  it('"as restated in <filing>": only when that filing’s value differs from the first one', () => {
    const restatedIn = (accessions: string[]): Basis => ({
      ...(filing(accessions) as Extract<Basis, { kind: 'filing' }>),
      require: 'restatement',
    });
    expect(selectVersion([pre, adj], restatedIn(['A22']))).toMatchObject({ ok: true, fact: { id: 'adj' } });
    expect(selectVersion([pre, adj], restatedIn(['A21']))).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_FACT', message: expect.stringContaining('did not restate it') }],
    });
  });

  it('a filing that reported two values for one fact is a conflict', () => {
    const twin = { ...googl('twin', '112.21', '2022-02-02'), sightings: ['A21'] };
    expect(selectVersion([pre, twin], filing(['A21']))).toMatchObject({ ok: false, errors: [{ code: 'RESTATEMENT_CONFLICT' }] });
  });

  it('"split-adjusted" and "as restated" are the latest version, only when the chain shows one', () => {
    expect(selectVersion([pre, adj], { kind: 'latest', require: 'split' })).toMatchObject({
      ok: true,
      fact: { id: 'adj' },
      basisTag: 'latest',
    });
    expect(selectVersion([pre, adj], { kind: 'latest', require: 'restatement' })).toMatchObject({ ok: true, fact: { id: 'adj' } });
    const restated = { ...googl('re', '0.11', '2025-04-02'), revisionKind: 'restatement' };
    const first = googl('first', '0.019', '2024-04-26');
    expect(selectVersion([first, restated], { kind: 'latest', require: 'restatement' })).toMatchObject({ ok: true, fact: { id: 're' } });
    // a restatement is not a split; one version is neither
    expect(selectVersion([first, restated], { kind: 'latest', require: 'split' })).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_FACT', message: expect.stringContaining('no split-adjusted version') }],
    });
    expect(selectVersion([first], { kind: 'latest', require: 'restatement' })).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_FACT', message: expect.stringContaining('not been restated') }],
    });
    // a re-rounded value is not a restatement
    const rounded = { ...googl('r', '0.0190', '2025-04-02'), revisionKind: 'rounding' };
    expect(selectVersion([first, { ...rounded, value: '0.02' }], { kind: 'latest', require: 'restatement' })).toMatchObject({ ok: false });
  });

  it('"pre-split" is the version before the split adjustment; two splits are asked to be named', () => {
    expect(selectVersion([pre, adj], { kind: 'pre_split' })).toMatchObject({ ok: true, fact: { id: 'pre' }, basisTag: 'pre_split' });
    expect(selectVersion([pre, adj], { kind: 'original', require: 'split' })).toMatchObject({ ok: true, fact: { id: 'pre' } });
    expect(selectVersion([pre], { kind: 'pre_split' })).toMatchObject({ ok: false, errors: [{ code: 'MISSING_FACT' }] });
    expect(selectVersion([pre], { kind: 'original', require: 'split' })).toMatchObject({
      ok: false,
      errors: [{ code: 'MISSING_FACT', message: expect.stringContaining('no pre-split version') }],
    });
    // NVDA-like: 4-for-1 then 10-for-1
    const second = { ...googl('adj2', '0.561', '2025-02-26', { version: 3 }), revisionKind: 'split_adjustment' };
    expect(selectVersion([pre, adj, second], { kind: 'pre_split' })).toMatchObject({
      ok: false,
      errors: [{ code: 'RESTATEMENT_CONFLICT', message: expect.stringContaining('2 stock splits') }],
    });
    // a restatement after the original and before the split: the version in force before the split
    const mid = { ...googl('mid', '112.30', '2022-06-01', { version: 2 }), revisionKind: 'restatement' };
    expect(selectVersion([pre, mid, { ...adj, version: 3 }], { kind: 'pre_split' })).toMatchObject({ ok: true, fact: { id: 'mid' } });
  });

  it('names the new bases', () => {
    expect(basisTag(filing(['A21']))).toBe('filing:A21');
    expect(basisTag({ kind: 'pre_split' })).toBe('pre_split');
    expect(describeBasis(filing(['A21']))).toBe('values as reported in the 10-K for FY2021');
    expect(describeBasis({ kind: 'latest', require: 'split' })).toContain('split-adjusted');
  });
});

describe('stock splits in version chains', () => {
  const NVDA_SPLITS: SplitEvent[] = [
    { ratio: 4, reverse: false, firstFiled: '2021-08-20' },
    { ratio: 10, reverse: false, firstFiled: '2024-08-28' },
  ];

  it('a split restates a value by its ratio, up to the rounding of either written value', () => {
    expect(restatedBySplit('1.74', '0.17', 10)).toBe(true); // 0.174 written 0.17
    expect(restatedBySplit('11.93', '1.19', 10)).toBe(true);
    expect(restatedBySplit('2464000000', '24643000000', 10)).toBe(false); // 24,640m, not 24,643m…
    expect(restatedBySplit('2464', '24643', 10)).toBe(true); // …unless written in millions
    expect(restatedBySplit('1.74', '0.20', 10)).toBe(false);
    expect(restatedBySplit('1.74', '-0.17', 10)).toBe(false);
    expect(restatedBySplit('0', '0', 10)).toBe(false);
  });

  it('relabels a rounded split restatement as a split adjustment, only for a split the entity shows and only after it', () => {
    const p = dur('2022-01-31', '2023-01-29');
    const v1: ReturnType<typeof fact> & { revisionKind?: string | null } = fact({
      id: 'v1',
      value: '1.74',
      filedAt: '2023-02-24',
      period: p,
      unit: 'USD/shares',
      metricId: 'eps_diluted',
      concept: 'us-gaap:EarningsPerShareDiluted',
    });
    const v2 = {
      ...fact({
        id: 'v2',
        value: '0.17',
        filedAt: '2025-02-26',
        period: p,
        unit: 'USD/shares',
        metricId: 'eps_diluted',
        concept: 'us-gaap:EarningsPerShareDiluted',
        version: 2,
      }),
      revisionKind: 'restatement',
    };
    expect(relabelSplitVersions([v1, v2], NVDA_SPLITS).map((c) => c.revisionKind ?? null)).toEqual([null, 'split_adjustment']);
    expect(selectVersion(relabelSplitVersions([v1, v2], NVDA_SPLITS), { kind: 'latest', require: 'split' })).toMatchObject({
      ok: true,
      fact: { id: 'v2' },
    });
    // no split of that ratio, or a restatement that is not one: unchanged
    expect(relabelSplitVersions([v1, v2], [NVDA_SPLITS[0]!])[1]!.revisionKind).toBe('restatement');
    expect(relabelSplitVersions([v1, { ...v2, value: '0.30' }], NVDA_SPLITS)[1]!.revisionKind).toBe('restatement');
    expect(relabelSplitVersions([v1, v2], [])).toEqual([v1, v2]);
  });

  it('a figure reflects the splits adjusted by the filing it comes from', () => {
    expect(splitsAfter('2022-03-18', NVDA_SPLITS)).toEqual([NVDA_SPLITS[1]]);
    expect(splitsAfter('2025-02-26', NVDA_SPLITS)).toEqual([]);
    expect(splitsAfter('2020-02-20', NVDA_SPLITS)).toEqual(NVDA_SPLITS);
    expect(shareBasesDiffer(splitsAfter('2022-03-18', NVDA_SPLITS), splitsAfter('2025-02-26', NVDA_SPLITS))).toBe(true);
    expect(shareBasesDiffer(splitsAfter('2025-02-26', NVDA_SPLITS), splitsAfter('2026-02-25', NVDA_SPLITS))).toBe(false);
    expect(splitText(NVDA_SPLITS[1]!)).toBe('10-for-1 stock split');
    expect(splitText({ ratio: 8, reverse: true, firstFiled: '2020-01-01' })).toBe('1-for-8 reverse stock split');
  });
});
