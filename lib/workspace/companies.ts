import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entities, entityAliases } from '@/lib/db/schema';

export interface CompanyOption {
  id: string;
  name: string;
  ticker: string | null;
  /** other names and tickers it is known by (aliases), for matching */
  aliases: string[];
}

/** The tenant's companies with tickers and aliases — the ask box's and facts browser's autocomplete. */
export async function companyDirectory(db: Db, tenantId: string): Promise<CompanyOption[]> {
  const ents = await db
    .select({ id: entities.id, name: entities.name, ticker: entities.ticker })
    .from(entities)
    .where(eq(entities.tenantId, tenantId))
    .orderBy(asc(entities.name))
    .limit(5000);
  if (ents.length === 0) return [];
  const aliases = await db
    .select({ entityId: entityAliases.entityId, alias: entityAliases.alias })
    .from(entityAliases)
    .where(
      and(
        inArray(
          entityAliases.entityId,
          ents.map((e) => e.id),
        ),
      ),
    );
  const by = new Map<string, string[]>();
  for (const a of aliases) by.set(a.entityId, [...(by.get(a.entityId) ?? []), a.alias]);
  return ents.map((e) => ({ ...e, aliases: (by.get(e.id) ?? []).filter((a) => a !== e.name && a !== e.ticker).slice(0, 8) }));
}
