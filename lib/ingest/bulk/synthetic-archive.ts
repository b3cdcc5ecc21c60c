/**
 * A synthetic EDGAR `companyfacts.zip`: one `CIK##########.json` per company in the SEC companyfacts
 * schema (`{cik, entityName, facts: {taxonomy: {concept: {label, description, units: {unit: [entry]}}}}}`,
 * entries with start/end/val/accn/fy/fp/form/filed/frame), deterministic for (companies, years, seed).
 * Each company files a 10-K per fiscal year (four year ends across companies) and three 10-Qs; every
 * 10-K repeats the prior year as comparatives (a second sighting of the same value) and about 4% of
 * those comparatives are restated (a second version in the chain), as real filers' data has.
 * CIKs start at 8,000,000, far above EDGAR's (< 2.1M), so synthetic and real companies never collide.
 */
import { ZipWriter } from './zip-write';
import { seededRandom } from '@/lib/ids';

export const SYNTHETIC_CIK_BASE = 8_000_000;

const W1 =
  'Arden Belmont Calder Dunmore Elstree Fairhaven Glenmore Harlow Inverness Jarrow Kestrel Larkspur Marlow Norwood Oakridge Pemberton Redfern Stanmore Thornbury Upton Valemont Westbrook Yarrow Zephyr Ashcombe Brightwater Cresswell Dovecote Eastleigh Foxhall Greystone Hawthorne Ivybridge Juniper Kingsley Lindale Millbrook Northgate Orwell Pinehurst'.split(
    ' ',
  );
const W2 =
  'Amber Blue Cedar Delta Ember Falcon Granite Harbor Iron Jade Keystone Lumen Meridian Nova Onyx Prairie Quartz Ridge Summit Tidal'.split(
    ' ',
  );
const W3 =
  'Dynamics Holdings Systems Industries Technologies Logistics Foods Materials Therapeutics Networks Energy Robotics Textiles Minerals Analytics Aerospace Biosciences Brands Chemicals Devices Electronics Fabrication Goods Hospitality Instruments'.split(
    ' ',
  );

/** The i-th synthetic company name: unique for i < 20,000 (then a numeric suffix). */
export function syntheticCompanyName(i: number): string {
  const n = W1.length * W2.length * W3.length;
  const j = i % n;
  const base = `${W1[j % W1.length]} ${W2[Math.floor(j / W1.length) % W2.length]} ${W3[Math.floor(j / (W1.length * W2.length)) % W3.length]} Inc`;
  return i >= n ? `${base} ${Math.floor(i / n) + 1}` : base;
}

export function syntheticCik(i: number): string {
  return String(SYNTHETIC_CIK_BASE + i).padStart(10, '0');
}

/** duration concepts (flows), relative size to revenue; `perShare` in USD/shares */
const FLOWS: [string, string, number][] = [
  ['Revenues', 'Revenues', 1],
  ['CostOfRevenue', 'Cost of Revenue', 0.6],
  ['GrossProfit', 'Gross Profit', 0.4],
  ['ResearchAndDevelopmentExpense', 'Research and Development Expense', 0.1],
  ['SellingGeneralAndAdministrativeExpense', 'Selling, General and Administrative Expense', 0.15],
  ['OperatingIncomeLoss', 'Operating Income (Loss)', 0.15],
  ['InterestExpense', 'Interest Expense', 0.01],
  ['IncomeTaxExpenseBenefit', 'Income Tax Expense (Benefit)', 0.03],
  ['NetIncomeLoss', 'Net Income (Loss) Attributable to Parent', 0.1],
  ['NetCashProvidedByUsedInOperatingActivities', 'Net Cash Provided by (Used in) Operating Activities', 0.18],
  ['PaymentsToAcquirePropertyPlantAndEquipment', 'Payments to Acquire Property, Plant, and Equipment', 0.05],
  ['DepreciationDepletionAndAmortization', 'Depreciation, Depletion and Amortization', 0.04],
];
const BALANCES: [string, string, number][] = [
  ['Assets', 'Assets', 1.5],
  ['AssetsCurrent', 'Assets, Current', 0.6],
  ['Liabilities', 'Liabilities', 0.9],
  ['LiabilitiesCurrent', 'Liabilities, Current', 0.4],
  ['StockholdersEquity', "Stockholders' Equity Attributable to Parent", 0.6],
  ['CashAndCashEquivalentsAtCarryingValue', 'Cash and Cash Equivalents, at Carrying Value', 0.2],
  ['LongTermDebtNoncurrent', 'Long-Term Debt, Excluding Current Maturities', 0.3],
  ['InventoryNet', 'Inventory, Net', 0.1],
];
const YEAR_ENDS: [number, number][] = [
  [12, 31],
  [6, 30],
  [9, 30],
  [3, 31],
];

const iso = (d: Date) => d.toISOString().slice(0, 10);
function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * 86_400_000);
}
/** last day of the month `m` (1-12) of year `y` */
function monthEnd(y: number, m: number): Date {
  return new Date(Date.UTC(y, m, 0));
}

interface Entry {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number;
  fp: string;
  form: string;
  filed: string;
  frame?: string;
}

export interface SyntheticCompanyOptions {
  /** fiscal years per company (default 10, ending with fiscal 2024) */
  years?: number;
  seed?: number;
}

/** The companyfacts JSON of synthetic company `i`, and the number of fact entries in it. */
export function syntheticCompanyFacts(i: number, o: SyntheticCompanyOptions = {}): { fileName: string; json: string; entries: number } {
  const years = o.years ?? 10;
  const r = seededRandom(((o.seed ?? 1) * 1_000_003 + i) >>> 0);
  const cik = syntheticCik(i);
  const [yeMonth] = YEAR_ENDS[i % YEAR_ENDS.length]!;
  const lastFy = 2024;
  const firstFy = lastFy - years + 1;
  const size = Math.round(10 ** (7 + r() * 4)); // revenue 10M … 100B
  let seq = 0;
  const accn = (fy: number) => `${cik}-${String(fy + 1).slice(-2)}-${String(++seq).padStart(6, '0')}`;
  const flows = new Map<string, Entry[]>(FLOWS.map(([c]) => [c, []]));
  const balances = new Map<string, Entry[]>(BALANCES.map(([c]) => [c, []]));
  const shares: Entry[] = [];
  const sharesOut = Math.round(10 ** (7 + r() * 3));
  /** value of a flow in fiscal year fy, fraction of the year `part` */
  const growth = 1 + r() * 0.1;
  const yearly = new Map<string, number>();
  const flowValue = (c: string, rel: number, fy: number, key: string) => {
    const k = `${c}|${fy}|${key}`;
    let v = yearly.get(k);
    if (v === undefined) {
      v = Math.round(size * rel * growth ** (fy - firstFy) * (key === 'FY' ? 1 : 0.22 + r() * 0.06));
      yearly.set(k, v);
    }
    return v;
  };
  for (let fy = firstFy; fy <= lastFy; fy++) {
    // fiscal year fy ends in month yeMonth of calendar year fy (or fy if Dec), starts the day after the previous end
    const end = monthEnd(fy, yeMonth);
    const start = addDays(monthEnd(fy - 1, yeMonth), 1);
    const tenK = accn(fy);
    const filedK = iso(addDays(end, 55 + Math.floor(r() * 20)));
    const form = '10-K';
    for (const [c, , rel] of FLOWS) {
      const val = flowValue(c, rel, fy, 'FY');
      flows.get(c)!.push({
        start: iso(start),
        end: iso(end),
        val,
        accn: tenK,
        fy,
        fp: 'FY',
        form,
        filed: filedK,
        frame: yeMonth === 12 ? `CY${fy}` : undefined,
      });
      if (fy > firstFy) {
        // comparative: last year's value as this 10-K reports it (4% restated)
        const prevEnd = monthEnd(fy - 1, yeMonth);
        const prevStart = addDays(monthEnd(fy - 2, yeMonth), 1);
        const prev = flowValue(c, rel, fy - 1, 'FY');
        const restated = r() < 0.04 ? Math.round(prev * (1 + (r() - 0.5) * 0.04)) : prev;
        flows.get(c)!.push({ start: iso(prevStart), end: iso(prevEnd), val: restated, accn: tenK, fy, fp: 'FY', form, filed: filedK });
      }
    }
    for (const [c, , rel] of BALANCES) {
      const val = Math.round(size * rel * growth ** (fy - firstFy) * (0.95 + r() * 0.1));
      balances
        .get(c)!
        .push({ end: iso(end), val, accn: tenK, fy, fp: 'FY', form, filed: filedK, frame: yeMonth === 12 ? `CY${fy}Q4I` : undefined });
    }
    shares.push({ end: iso(addDays(end, 30)), val: sharesOut, accn: tenK, fy, fp: 'FY', form, filed: filedK });
    for (let q = 1; q <= 3; q++) {
      const qEnd = monthEnd(fy - 1, yeMonth + 3 * q);
      const qStart = addDays(monthEnd(fy - 1, yeMonth + 3 * (q - 1)), 1);
      const tenQ = accn(fy);
      const filedQ = iso(addDays(qEnd, 35 + Math.floor(r() * 10)));
      for (const [c, , rel] of FLOWS) {
        flows.get(c)!.push({
          start: iso(qStart),
          end: iso(qEnd),
          val: flowValue(c, rel, fy, `Q${q}`),
          accn: tenQ,
          fy,
          fp: `Q${q}`,
          form: '10-Q',
          filed: filedQ,
        });
      }
      for (const [c, , rel] of BALANCES) {
        balances.get(c)!.push({
          end: iso(qEnd),
          val: Math.round(size * rel * growth ** (fy - firstFy) * (0.95 + r() * 0.1)),
          accn: tenQ,
          fy,
          fp: `Q${q}`,
          form: '10-Q',
          filed: filedQ,
        });
      }
    }
  }
  const usgaap: Record<string, unknown> = {};
  let entries = 0;
  for (const [c, label] of FLOWS) {
    const list = flows.get(c)!;
    entries += list.length;
    usgaap[c] = { label, description: `${label} (synthetic).`, units: { USD: list } };
  }
  for (const [c, label] of BALANCES) {
    const list = balances.get(c)!;
    entries += list.length;
    usgaap[c] = { label, description: `${label} (synthetic).`, units: { USD: list } };
  }
  entries += shares.length;
  const doc = {
    cik: SYNTHETIC_CIK_BASE + i,
    entityName: syntheticCompanyName(i),
    facts: {
      dei: {
        EntityCommonStockSharesOutstanding: {
          label: 'Entity Common Stock, Shares Outstanding',
          description: 'Shares outstanding.',
          units: { shares: shares },
        },
      },
      'us-gaap': usgaap,
    },
  };
  return { fileName: `CIK${cik}.json`, json: JSON.stringify(doc), entries };
}

export interface SyntheticArchiveOptions extends SyntheticCompanyOptions {
  companies: number;
  /** first company index (default 0): archives of disjoint ranges can be combined */
  first?: number;
  /** deflate level (default 6; 1 is faster to build, a little larger) */
  level?: number;
}

/** Writes the archive; returns the number of companies and fact entries written. */
export function writeSyntheticArchive(filePath: string, o: SyntheticArchiveOptions): { companies: number; entries: number; bytes: number } {
  const zip = new ZipWriter(filePath);
  let entries = 0;
  let bytes = 0;
  const first = o.first ?? 0;
  try {
    for (let i = first; i < first + o.companies; i++) {
      const c = syntheticCompanyFacts(i, o);
      zip.add(c.fileName, c.json, o.level ?? 6);
      entries += c.entries;
      bytes += c.json.length;
    }
  } finally {
    zip.close();
  }
  return { companies: o.companies, entries, bytes };
}
