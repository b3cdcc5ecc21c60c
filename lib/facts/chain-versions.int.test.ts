/**
 * deriveChains (in memory) against recomputeChains (SQL) on the same chains: random chains of
 * several values with split ratios, roundings at every precision, zeros, signs, filings on one date,
 * and values on and around the split test's thresholds — on PGlite and, when configured, PostgreSQL.
 * Every chain the derivation does not leave to SQL must carry exactly the fields SQL gives it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { entities, sources, tenants } from '@/lib/db/schema';
import { seededRandom } from '@/lib/ids';
import { testTargets } from '@/tests/support/db';
import { deriveChains, revisionKind } from './chain-versions';
import { prepareFacts, writeFacts, type FactInput } from './write-facts';

const TENANT = 't-chains';
const ENTITY = 'e-chains';

function values(r: () => number): string[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const base = pick(['1000', '1500000', '123.45', '0.0125', '7', '-250', '0', '99999999999', '3.3333333333333333', '0.00000000000000001']);
  const n = 2 + Math.floor(r() * 3);
  const out = [base];
  for (let i = 1; i < n; i++) {
    const prev = out[i - 1]!;
    const p = Number(prev);
    const kind = pick(['split', 'split-near', 'round', 'restate', 'sign', 'zero', 'ratio-1.9', 'half']);
    let v: string;
    switch (kind) {
      case 'split':
        v = String(p * pick([2, 3, 4, 10, 0.5, 0.25]));
        break;
      case 'split-near':
        // ratios around the 2 % band of a whole split ratio
        v = String(Math.round(p * pick([2.04, 2.0399999, 2.0400001, 1.96, 3.06, 0.49])));
        break;
      case 'round':
        v = (Math.round(p / 1000) * 1000).toString();
        break;
      case 'ratio-1.9':
        v = String(p * pick([1.9, 1.8999999999, 1.90000000001]));
        break;
      case 'half':
        v = String(p * 2.5);
        break;
      case 'sign':
        v = String(-p);
        break;
      case 'zero':
        v = '0';
        break;
      default:
        v = String(p + 1 + Math.floor(r() * 100));
    }
    if (!/^-?\d+(\.\d+)?$/.test(v) || out.includes(v)) v = String(p + i + 0.5);
    out.push(v);
  }
  return out;
}

for (const target of testTargets()) {
  describe(`chain versions in memory vs SQL on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      await d.db.insert(tenants).values({ id: TENANT, name: TENANT });
      await d.db.insert(entities).values({ id: ENTITY, tenantId: TENANT, name: 'Chains Inc' });
      await d.db.insert(sources).values(
        ['s1', 's2'].map((id) => ({
          id,
          tenantId: TENANT,
          entityId: ENTITY,
          kind: 'companyfacts' as const,
          title: id,
          sha256: id,
          byteSize: 1,
          extractorVersion: 't',
        })),
      );
    });
    afterAll(async () => {
      await d?.close();
    });

    it('derives what recomputeChains derives, chain for chain', async () => {
      const r = seededRandom(4242);
      const inputs: FactInput[] = [];
      for (let c = 0; c < 400; c++) {
        const unit = ['USD', 'shares', 'USD/shares', 'pure'][c % 4]!;
        const vals = values(r);
        vals.forEach((value, i) => {
          // each value filed once or twice; some on the same date as another value, some with non-EDGAR accessions
          const filings = 1 + Math.floor(r() * 2);
          for (let k = 0; k < filings; k++) {
            const day = 1 + Math.floor(r() * 6);
            const accession =
              r() < 0.1 ? `x-${Math.floor(r() * 50)}` : r() < 0.1 ? null : `00000000${10 + Math.floor(r() * 80)}-2${i}-00000${k}`;
            inputs.push({
              tenantId: TENANT,
              entityId: ENTITY,
              metricId: null,
              concept: `us-gaap:C${c}`,
              value,
              unit,
              currency: unit === 'USD' ? 'USD' : null,
              scale: 0,
              decimals: null,
              period: { type: 'duration', start: '2023-01-01', end: '2023-12-31' },
              fiscalYear: 2023,
              fiscalPeriod: 'FY',
              scope: 'consolidated',
              dimensions: {},
              accountingStandard: 'us-gaap',
              provenance: {},
              sighting: {
                sourceId: r() < 0.5 ? 's1' : 's2',
                accession,
                form: r() < 0.5 ? '10-K' : '10-K/A',
                filedAt: `2024-0${1 + i}-0${day}`,
                labels: {},
              },
            });
          }
        });
      }
      await writeFacts(d.db, inputs);
      const prepared = prepareFacts(inputs);
      expect(prepared.multiValueChains.length).toBeGreaterThan(300);
      const derived = deriveChains(prepared.multiValueChains, prepared.rows, prepared.sightings);
      const stored = await d.query<{
        id: string;
        chain_key: string;
        version: number;
        supersedes: string | null;
        revision_kind: string | null;
        is_latest: boolean;
        is_original: boolean;
        filed_at: string;
        source_id: string;
        accession: string | null;
        form: string | null;
      }>(
        `select id, chain_key, version, supersedes, revision_kind, is_latest, is_original, filed_at::text as filed_at, source_id, accession, form from facts where tenant_id = $1`,
        [TENANT],
      );
      const leftToSql = new Set(derived.sql);
      let compared = 0;
      const kinds = new Set<string>();
      for (const s of stored) {
        if (leftToSql.has(s.chain_key) || !prepared.multiValueChains.includes(s.chain_key)) continue;
        const m = derived.byFact.get(s.id);
        expect(m, s.id).toBeDefined();
        expect({ ...m }).toEqual({
          version: s.version,
          supersedes: s.supersedes,
          revisionKind: s.revision_kind,
          isLatest: s.is_latest,
          isOriginal: s.is_original,
          filedAt: s.filed_at,
          sourceId: s.source_id,
          accession: s.accession,
          form: s.form,
        });
        if (s.revision_kind) kinds.add(s.revision_kind);
        compared++;
      }
      // most chains are derived in memory, and every kind of revision occurs among them
      expect(leftToSql.size).toBeLessThan(prepared.multiValueChains.length / 3);
      expect(compared).toBeGreaterThan(500);
      expect([...kinds].sort()).toEqual(['restatement', 'rounding', 'split_adjustment']);
    });
  });
}

describe('revisionKind', () => {
  it('labels splits, roundings and restatements exactly, and leaves ratios on a threshold to SQL', () => {
    expect(revisionKind('200', '100', 'shares')).toBe('split_adjustment');
    expect(revisionKind('203', '100', 'shares')).toBe('split_adjustment');
    expect(revisionKind('204', '100', 'shares')).toBe('unsure');
    expect(revisionKind('205', '100', 'shares')).toBe('restatement');
    expect(revisionKind('190', '100', 'shares')).toBe('unsure');
    expect(revisionKind('250', '100', 'shares')).toBe('unsure');
    expect(revisionKind('200', '100', 'USD')).toBe('restatement');
    expect(revisionKind('1200', '1234', 'USD')).toBe('rounding');
    expect(revisionKind('1234.5', '1234.49', 'USD')).toBe('rounding');
    expect(revisionKind('1234.5', '1234.3', 'USD')).toBe('restatement');
    expect(revisionKind('-1200', '1234', 'USD')).toBe('restatement');
    expect(revisionKind('0', '4', 'USD')).toBe('restatement');
    expect(revisionKind('0.00000000000000001', '0.00000000000000002', 'USD')).toBe('unsure');
  });
});
