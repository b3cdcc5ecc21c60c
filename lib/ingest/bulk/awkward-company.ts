/** Test data for the bulk-ingestion golden digests and the planning thread: one company with every awkward case. */
import { syntheticCompanyFacts } from './synthetic-archive';

/** A synthetic company with the awkward cases folded in. */
export function awkwardCompany(): { fileName: string; json: string } {
  const base = syntheticCompanyFacts(41, { years: 3, seed: 3 });
  const doc = JSON.parse(base.json) as {
    facts: Record<string, Record<string, { label: string; description: string; units: Record<string, Record<string, unknown>[]> }>>;
  };
  const gaap = doc.facts['us-gaap']!;
  const rev = gaap.Revenues!.units.USD!;
  rev[0]!.accn = 'acc\\n-1\t2';
  rev[1]!.form = '10-K\r\nA';
  rev[2]!.frame = 'CY2022\tQ\\4';
  gaap.Revenues!.units.EUR = rev.slice(0, 3).map((e) => ({ ...e, val: 12.5 }));
  gaap.EarningsPerShareBasic = {
    label: 'EPS\tbasic',
    description: 'Per "share" \\ basic\nline two',
    units: { 'USD/shares': rev.slice(0, 4).map((e, i) => ({ ...e, val: 1.25 + i })) },
  };
  gaap.OddRatio = {
    label: 'Odd',
    description: 'unknown unit',
    units: { furlongs: rev.slice(0, 2).map((e) => ({ ...e, val: 3 })), pure: rev.slice(0, 2).map((e) => ({ ...e, val: 0.5 })) },
  };
  // a restated value filed later, and an instant
  gaap.Assets!.units.USD!.push({ ...gaap.Assets!.units.USD![0]!, val: 1, filed: '2030-01-01', accn: 'late-1' });
  let json = JSON.stringify(doc);
  // number literals JSON.stringify would not write: exponent and long decimals
  json = json.replace('"val":12.5', '"val":1.25E+1').replace('"val":0.5', '"val":0.50000000000000000001');
  return { fileName: 'CIK0008000041.json', json };
}
