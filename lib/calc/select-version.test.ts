import { describe, expect, it } from 'vitest';
import { dur, fact } from './__fixtures__/facts';
import { basisTag, describeBasis, selectVersion, selectVersions } from './select-version';
import { margin } from './ratio';

const period = dur('2007-09-30', '2008-09-27');
const eps = (id: string, value: string, filedAt: string, over = {}) =>
  fact({ id, entityId: 'apple', value, filedAt, period, unit: 'USD/shares', currency: 'USD', metricId: 'eps_diluted', concept: 'us-gaap:EarningsPerShareDiluted', ...over });

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
