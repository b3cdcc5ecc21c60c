/** A catalogue company for planner tests: its name, legal name and ticker as aliases. */
import { normalizeAlias } from '@/lib/domain/names';
import type { CatalogEntity } from '../catalog';

export function ent(id: string, name: string, legal: string, ticker: string): CatalogEntity {
  const aliases = [
    { alias: name, kind: 'name' },
    { alias: legal, kind: 'legal_name' },
    { alias: ticker, kind: 'ticker' },
  ].map((a) => ({ ...a, normalized: normalizeAlias(a.alias) }));
  return { id, name, legalName: legal, ticker, cik: null, aliases };
}
