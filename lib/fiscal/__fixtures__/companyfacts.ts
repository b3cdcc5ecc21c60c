/** Reads SEC companyfacts JSON files from the shared data folder (tests over real data only). */
import fs from 'node:fs';
import path from 'node:path';
import { secDataDir } from '@/lib/data-dir';
import { daysBetween } from '../dates';
import type { Bounds } from '../positions';

/** One fact as companyfacts stores it, flattened with its taxonomy, concept and unit. */
export interface RawFact {
  taxonomy: string;
  concept: string;
  unit: string;
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number | null;
  fp: string | null;
  form: string;
  filed: string;
  frame?: string;
}

export interface CompanyFacts {
  cik: number;
  entityName: string;
  facts: RawFact[];
}

interface RawFile {
  cik: number;
  entityName: string;
  facts: Record<string, Record<string, { units: Record<string, Omit<RawFact, 'taxonomy' | 'concept' | 'unit'>[]> }>>;
}

const cache = new Map<string, CompanyFacts>();

/** Loads `CIK…_<TICKER>_companyfacts.json`; throws when the data folder lacks it. */
export function loadCompanyFacts(ticker: string): CompanyFacts {
  const hit = cache.get(ticker);
  if (hit) return hit;
  const dir = path.join(secDataDir(), 'sec-companyfacts');
  const file = fs.readdirSync(dir).find((f) => f.includes(`_${ticker}_companyfacts`));
  if (!file) throw new Error(`no companyfacts file for ${ticker} in ${dir}`);
  const raw = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as RawFile;
  const facts: RawFact[] = [];
  for (const [taxonomy, concepts] of Object.entries(raw.facts)) {
    for (const [concept, { units }] of Object.entries(concepts)) {
      for (const [unit, list] of Object.entries(units)) for (const f of list) facts.push({ taxonomy, concept, unit, ...f });
    }
  }
  const out = { cik: raw.cik, entityName: raw.entityName, facts };
  cache.set(ticker, out);
  return out;
}

/** Distinct durations of facts whose form matches and whose length (end − start) is in range. */
export function durations(facts: RawFact[], form: RegExp, minDays: number, maxDays: number): Bounds[] {
  const seen = new Map<string, Bounds>();
  for (const f of facts) {
    if (!f.start || !form.test(f.form)) continue;
    const days = daysBetween(f.start, f.end);
    if (days >= minDays && days <= maxDays) seen.set(`${f.start}..${f.end}`, { start: f.start, end: f.end });
  }
  return [...seen.values()].sort((a, b) => (a.end < b.end ? -1 : a.end > b.end ? 1 : 0));
}

/** Annual-length durations (350–380 days) reported in 10-K forms. */
export function annualPeriodsFrom10K(facts: RawFact[]): Bounds[] {
  return durations(facts, /^10-K/, 350, 380);
}
