import { and, asc, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { bumpDataVersion } from '@/lib/db/data-version';
import { ALIAS_KINDS, entities, entityAliases } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { normalizeAlias } from '@/lib/domain/names';
import { recordAudit } from './audit';

export const aliasSchema = z.object({
  entityId: z.string().regex(/^[0-9a-f]{64}$/),
  alias: z.string().trim().min(1).max(200),
  kind: z.enum(ALIAS_KINDS),
});

export const entityPatchSchema = z.object({
  entityId: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string().trim().min(1).max(200),
  ticker: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9.-]{1,12}$/, 'Tickers are letters, digits, . and - (at most 12).')
    .nullable(),
  reason: z.string().trim().min(1, 'Say why.').max(500),
});

/** Entities shown per admin page (a tenant may hold the whole SEC universe). */
export const ENTITY_PAGE_SIZE = 100;

/**
 * The tenant's entities with their aliases (admin view), by name; `q` filters on name, ticker, CIK
 * or any alias (case-insensitive substring). At most `limit` entities; `total` counts all matches.
 */
export async function listEntities(db: Db, tenantId: string, opts: { q?: string | null; limit?: number } = {}) {
  const q = opts.q?.trim() ?? '';
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? and(
        eq(entities.tenantId, tenantId),
        or(
          ilike(entities.name, like),
          ilike(entities.ticker, like),
          ilike(entities.cik, like),
          exists(
            db
              .select({ one: sql`1` })
              .from(entityAliases)
              .where(and(eq(entityAliases.entityId, entities.id), ilike(entityAliases.alias, like))),
          ),
        ),
      )
    : eq(entities.tenantId, tenantId);
  const [ents, [counted]] = await Promise.all([
    db
      .select()
      .from(entities)
      .where(where)
      .orderBy(asc(entities.name))
      .limit(opts.limit ?? ENTITY_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(entities).where(where),
  ]);
  const aliases = ents.length
    ? await db
        .select()
        .from(entityAliases)
        .where(
          inArray(
            entityAliases.entityId,
            ents.map((e) => e.id),
          ),
        )
        .orderBy(asc(entityAliases.alias))
    : [];
  const byEntity = new Map<string, (typeof aliases)[number][]>();
  for (const a of aliases) {
    const list = byEntity.get(a.entityId);
    if (list) list.push(a);
    else byEntity.set(a.entityId, [a]);
  }
  const list = ents.map((e) => ({ ...e, aliases: byEntity.get(e.id) ?? [] }));
  return Object.assign(list, { total: Number(counted?.n ?? 0) });
}

async function ownEntity(db: Db, tenantId: string, entityId: string) {
  const [e] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.tenantId, tenantId)))
    .limit(1);
  if (!e) throw new AppError('not_found:entity', 'No such entity.');
  return e;
}

/**
 * The alias as stored: tickers in capitals (letters, digits, `.`, `-`, `/`), listings as
 * `EXCHANGE:TICKER` ("NYSE:SNOW"); a typed error otherwise.
 */
export function aliasForKind(alias: string, kind: (typeof ALIAS_KINDS)[number]): string {
  const a = alias.trim();
  if (kind === 'ticker') {
    if (!/^[A-Za-z0-9.\-/]{1,12}$/.test(a)) throw new AppError('bad_request:alias', 'Tickers are letters, digits, . - and / (at most 12).');
    return a.toUpperCase();
  }
  if (kind === 'listing') {
    const l = /^([A-Za-z][A-Za-z ]{0,30}?)\s*:\s*([A-Za-z0-9.\-/]{1,12})$/.exec(a);
    if (!l) throw new AppError('bad_request:alias', 'A listing is EXCHANGE:TICKER, e.g. NYSE:SNOW.');
    return `${l[1]!.trim()}:${l[2]!.toUpperCase()}`;
  }
  return a;
}

export async function addAlias(o: { db: Db; tenantId: string; actorId: string } & z.infer<typeof aliasSchema>): Promise<void> {
  o = { ...o, alias: aliasForKind(o.alias, o.kind) };
  const normalized = normalizeAlias(o.alias);
  if (!normalized) throw new AppError('bad_request:alias', 'The alias has no letters or digits.');
  await o.db.transaction(async (tx) => {
    const db: Db = tx;
    await ownEntity(db, o.tenantId, o.entityId);
    const added = await db
      .insert(entityAliases)
      .values({ tenantId: o.tenantId, entityId: o.entityId, alias: o.alias, normalized, kind: o.kind })
      .onConflictDoNothing()
      .returning();
    if (!added.length) throw new AppError('conflict:alias', 'The entity has this alias already.');
    await recordAudit(db, {
      tenantId: o.tenantId,
      actor: o.actorId,
      action: 'entity.alias_add',
      targetType: 'entity',
      targetId: o.entityId,
      after: { alias: o.alias, kind: o.kind },
    });
  });
  // after the commit: the planner's entity index rebuilds on the next question (every process)
  await bumpDataVersion(o.db, o.tenantId);
}

export async function removeAlias(o: { db: Db; tenantId: string; actorId: string; entityId: string; alias: string }): Promise<void> {
  await o.db.transaction(async (tx) => {
    const db: Db = tx;
    await ownEntity(db, o.tenantId, o.entityId);
    const gone = await db
      .delete(entityAliases)
      .where(and(eq(entityAliases.entityId, o.entityId), eq(entityAliases.alias, o.alias)))
      .returning();
    if (!gone.length) throw new AppError('not_found:alias', 'No such alias.');
    await recordAudit(db, {
      tenantId: o.tenantId,
      actor: o.actorId,
      action: 'entity.alias_remove',
      targetType: 'entity',
      targetId: o.entityId,
      before: { alias: o.alias, kind: gone[0]!.kind },
    });
  });
  await bumpDataVersion(o.db, o.tenantId);
}

/** Rename an entity or change its ticker (the ticker alias follows); audited with the reason. */
export async function updateEntity(o: { db: Db; tenantId: string; actorId: string } & z.infer<typeof entityPatchSchema>): Promise<void> {
  await o.db.transaction(async (tx) => {
    const db: Db = tx;
    const e = await ownEntity(db, o.tenantId, o.entityId);
    await db.update(entities).set({ name: o.name, ticker: o.ticker }).where(eq(entities.id, e.id));
    if (e.ticker !== o.ticker) {
      if (e.ticker)
        await db
          .delete(entityAliases)
          .where(and(eq(entityAliases.entityId, e.id), eq(entityAliases.alias, e.ticker), eq(entityAliases.kind, 'ticker')));
      if (o.ticker)
        await db
          .insert(entityAliases)
          .values({ tenantId: o.tenantId, entityId: e.id, alias: o.ticker, normalized: normalizeAlias(o.ticker), kind: 'ticker' })
          .onConflictDoNothing();
    }
    if (e.name !== o.name)
      await db
        .insert(entityAliases)
        .values({ tenantId: o.tenantId, entityId: e.id, alias: o.name, normalized: normalizeAlias(o.name), kind: 'name' })
        .onConflictDoNothing();
    await recordAudit(db, {
      tenantId: o.tenantId,
      actor: o.actorId,
      action: 'entity.update',
      targetType: 'entity',
      targetId: e.id,
      before: { name: e.name, ticker: e.ticker },
      after: { name: o.name, ticker: o.ticker },
      reason: o.reason,
    });
  });
  await bumpDataVersion(o.db, o.tenantId);
}
