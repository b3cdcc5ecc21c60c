import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { auditLog, entities, entityAliases, tenants } from '@/lib/db/schema';
import { foldText, LEGAL_SUFFIXES, normalizeAlias } from '@/lib/domain/names';
import type { AccountingStandard } from '@/lib/domain/types';
import { contentId } from '@/lib/ids';
import knownAliases from './sec/known-aliases.json';
import type { SubmissionsInfo } from './types';

/** SEC CIK as the 10-digit zero-padded string EDGAR uses in file names. */
export function padCik(cik: string | number): string {
  const digits = String(cik).replace(/\D/g, '').replace(/^0+/, '') || '0';
  return digits.padStart(10, '0');
}

/** Creates the tenant row when missing (the CLI's default tenant is `demo`). */
export async function ensureTenant(db: Db, tenantId: string): Promise<void> {
  await db
    .insert(tenants)
    .values({ id: tenantId, name: tenantId === 'demo' ? 'Demo' : tenantId })
    .onConflictDoNothing();
}

export interface EntityFacts {
  tenantId: string;
  /** name as filed (companyfacts `entityName`, submissions `name`, dei:EntityRegistrantName) */
  name: string;
  cik?: string | null;
  ticker?: string | null;
  formerNames?: string[];
  /** other names the filer used in this source (companyfacts `entityName` when submissions name it differently) */
  otherNames?: string[];
  /** titles of the registered securities (dei:Security12bTitle): share classes are named after the company ("Alphabet Class A") */
  securityTitles?: string[];
  /** identifiers the source gives besides a CIK (an NSE symbol, a BSE scrip code, an ISIN) */
  identifiers?: { alias: string; kind: AliasKind }[];
  /** EDGAR submissions for the CIK, when at hand: every ticker (share classes), its exchange, former names */
  submissions?: SubmissionsInfo | null;
  accountingStandard?: AccountingStandard | null;
  reportingCurrency?: string | null;
  country?: string | null;
  actor?: string;
}

interface KnownAliases {
  entities: Record<string, { name: string; brands?: string[]; tickers?: string[] }>;
}

/** Brand names and share-class tickers of a CIK from the curated data file (lib/ingest/sec/known-aliases.json). */
export function knownAliasesFor(cik: string | null | undefined): { brands: string[]; tickers: string[] } {
  const hit = cik ? (knownAliases as KnownAliases).entities[padCik(cik)] : undefined;
  return { brands: hit?.brands ?? [], tickers: hit?.tickers ?? [] };
}

type AliasKind = (typeof entityAliases.$inferInsert)['kind'];

/**
 * Every alias an SEC source gives an entity: its name and other filed names, the short name, each
 * ticker and `EXCHANGE:TICKER` listing (submissions), the CIK padded and bare, former names
 * (submissions `formerNames`), and the curated brand names and share-class tickers for the CIK.
 */
export function entityAliasList(e: EntityFacts, cik: string | null): { alias: string; kind: AliasKind }[] {
  const aliases: { alias: string; kind: AliasKind }[] = [{ alias: e.name, kind: 'name' }];
  // the name without EDGAR's state-of-incorporation tag ("WELLS FARGO & COMPANY/MN" → "WELLS FARGO & COMPANY")
  const plain = withoutStateTag(e.name);
  if (plain !== e.name) aliases.push({ alias: plain, kind: 'legal_name' });
  for (const n of e.otherNames ?? []) if (n.trim()) aliases.push({ alias: n.trim(), kind: 'legal_name' });
  const short = shortName(e.name);
  if (short) aliases.push({ alias: short, kind: 'abbreviation' });
  // a share class named after the company ("Alphabet Inc. Class A (GOOGL)"): from the registered securities
  for (const c of shareClasses(e.securityTitles ?? [])) {
    for (const base of new Set([plain, short ?? plain])) aliases.push({ alias: `${base} Class ${c}`, kind: 'abbreviation' });
  }
  if (e.ticker) aliases.push({ alias: e.ticker.toUpperCase(), kind: 'ticker' });
  for (const x of e.identifiers ?? [])
    if (x.alias.trim()) aliases.push({ alias: x.kind === 'ticker' ? x.alias.trim().toUpperCase() : x.alias.trim(), kind: x.kind });
  const subs = e.submissions ?? null;
  subs?.tickers.forEach((t, i) => {
    aliases.push({ alias: t.toUpperCase(), kind: 'ticker' });
    const x = subs.exchanges[i];
    if (x) aliases.push({ alias: `${x}:${t.toUpperCase()}`, kind: 'listing' });
  });
  if (cik) {
    // CIKs are identifiers analysts paste; both padded and bare forms resolve
    aliases.push({ alias: cik, kind: 'abbreviation' });
    aliases.push({ alias: cik.replace(/^0+/, ''), kind: 'abbreviation' });
  }
  for (const f of [...(e.formerNames ?? []), ...(subs?.formerNames ?? [])])
    if (f.trim()) aliases.push({ alias: f.trim(), kind: 'former_name' });
  const known = knownAliasesFor(cik);
  for (const b of known.brands) aliases.push({ alias: b, kind: 'brand' });
  for (const t of known.tickers) aliases.push({ alias: t.toUpperCase(), kind: 'ticker' });
  const seen = new Set<string>();
  return aliases.filter((a) => {
    if (seen.has(a.alias) || normalizeAlias(a.alias) === '') return false;
    seen.add(a.alias);
    return true;
  });
}

/** Words that, after a distinctive first word, still name the same company ("Marvell Technology"). */
const GENERIC_TAIL = new Set([
  'technology',
  'technologies',
  'holdings',
  'holding',
  'group',
  'international',
  'systems',
  'platforms',
  'motors',
  'incorporated',
  'global',
  'enterprises',
  'industries',
  'brands',
  'labs',
  'networks',
  'software',
  'semiconductor',
  'entertainment',
  'communications',
  'pharmaceuticals',
  'therapeutics',
  'worldwide',
  'companies',
]);

/** Words too common to name a company alone, though they may open its name ("General Motors", "United Rentals"). */
const COMMON_STEM = new Set([
  'general',
  'american',
  'united',
  'international',
  'national',
  'global',
  'first',
  'new',
  'advanced',
  'applied',
  'southern',
  'northern',
  'western',
  'eastern',
  'pacific',
  'atlantic',
  'central',
  'standard',
  'universal',
  'digital',
  'royal',
  'consolidated',
  'public',
  'service',
  'bank',
  'energy',
  'capital',
  'financial',
  'health',
  'medical',
]);

/** EDGAR's state-of-incorporation tag removed: "WELLS FARGO & COMPANY/MN", "BANK OF AMERICA CORP /DE/" → without it. */
export function withoutStateTag(name: string): string {
  return name.replace(/\s*\/[A-Za-z]{2,3}\/?\s*$/, '').trim() || name;
}

/** Legal forms, '&' and generic words a name may end with ("& Company", "Group, Inc.", "Technology Ltd"). */
const TRAILING = (w: string) => GENERIC_TAIL.has(w) || w === '&' || (LEGAL_SUFFIXES as readonly string[]).includes(w);

/**
 * Short name a reader would use: "Marvell" for "MARVELL TECHNOLOGY, INC", "Wells Fargo" for "WELLS FARGO &
 * COMPANY/MN", "Goldman Sachs" for "GOLDMAN SACHS GROUP INC": the name without its trailing legal form,
 * state tag and generic words. Null when nothing but a legal form is dropped from a one-word name
 * ("Apple Inc." is its own name), when the stem is one common word ("General" of General Motors) or
 * shorter than 4 letters.
 */
export function shortName(name: string): string | null {
  const words = foldText(withoutStateTag(name))
    .replace(/[’']s\b/g, '')
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let n = words.length;
  while (n > 0 && TRAILING(words[n - 1]!)) n--;
  const stem = words.slice(0, n);
  if (words[0] === 'the') stem.shift();
  if (stem.length === 0 || stem.length === words.length) return null;
  const generic = words.slice(n).some((w) => GENERIC_TAIL.has(w));
  if (stem.length === 1 && (!generic || stem[0]!.length < 4 || COMMON_STEM.has(stem[0]!))) return null;
  // the filer's own casing when it wrote the name in mixed case, else title case ("Bank of America")
  const plain = withoutStateTag(name).replace(/[’']s\b/g, '');
  const written = plain.split(/[^\p{L}\p{N}&]+/u).filter(Boolean);
  const from = words[0] === 'the' ? 1 : 0;
  const mixed = written.length === words.length && written.slice(from, from + stem.length).some((w) => /[a-z]/.test(w));
  return stem
    .map((w, i) => (mixed ? written[from + i]! : i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'de', 'du', 'la']);

/** Share-class letters of registered securities: "Class A Common Stock, $0.001 par value" → A. */
export function shareClasses(titles: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of titles) {
    const m = /\bclass\s+([A-Z])\b/i.exec(t);
    if (m && /stock|shares|capital/i.test(t) && !out.includes(m[1]!.toUpperCase())) out.push(m[1]!.toUpperCase());
  }
  return out;
}

/**
 * Serializes concurrent ingests of one company (calendar inference, version chains): held until the
 * transaction ends. Different companies proceed in parallel.
 */
export async function lockEntity(db: Db, entityId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`entity:${entityId}`}, 0))`);
}

/**
 * Finds the entity by CIK (else by exact normalized name among CIK-less entities of the tenant) or
 * creates it, then records aliases (entityAliasList: names, tickers and listings, CIK, former names,
 * brands). Never overwrites what an admin set: only empty fields are filled in, and an alias an
 * admin removed comes back only when a source names it again.
 */
export async function upsertEntity(db: Db, e: EntityFacts): Promise<{ id: string; created: boolean }> {
  const cik = e.cik ? padCik(e.cik) : null;
  let existing: typeof entities.$inferSelect | undefined;
  if (cik) {
    [existing] = await db
      .select()
      .from(entities)
      .where(and(eq(entities.tenantId, e.tenantId), eq(entities.cik, cik)))
      .limit(1);
  }
  if (!existing) {
    const norm = normalizeAlias(e.name);
    const candidates = await db
      .select({ entity: entities })
      .from(entityAliases)
      .innerJoin(entities, eq(entities.id, entityAliases.entityId))
      .where(and(eq(entities.tenantId, e.tenantId), eq(entityAliases.normalized, norm), isNull(entities.cik)))
      .limit(2);
    if (candidates.length === 1) existing = candidates[0]!.entity;
  }
  let id: string;
  let created = false;
  if (existing) {
    id = existing.id;
    const patch: Partial<typeof entities.$inferInsert> = {};
    if (!existing.cik && cik) patch.cik = cik;
    const ticker = e.ticker ?? e.submissions?.tickers[0] ?? null;
    if (!existing.ticker && ticker) patch.ticker = ticker.toUpperCase();
    if (!existing.legalName && e.name) patch.legalName = e.name;
    if (!existing.accountingStandard && e.accountingStandard) patch.accountingStandard = e.accountingStandard;
    if (!existing.reportingCurrency && e.reportingCurrency) patch.reportingCurrency = e.reportingCurrency;
    if (!existing.country && e.country) patch.country = e.country;
    // the industry as EDGAR classifies it now: a newer submissions file replaces an older code
    const sic = e.submissions?.sic;
    if (sic && sic !== existing.sic) Object.assign(patch, { sic, sicDescription: e.submissions?.sicDescription ?? null });
    if (Object.keys(patch).length) await db.update(entities).set(patch).where(eq(entities.id, id));
  } else {
    id = contentId('entity', e.tenantId, cik ? `cik:${cik}` : `name:${normalizeAlias(e.name)}`);
    const row = {
      id,
      tenantId: e.tenantId,
      name: e.name,
      legalName: e.name,
      ticker: (e.ticker ?? e.submissions?.tickers[0])?.toUpperCase() ?? null,
      cik,
      country: e.country ?? null,
      reportingCurrency: e.reportingCurrency ?? null,
      accountingStandard: e.accountingStandard ?? null,
      ...sicColumns(e.submissions),
    };
    const ins = await db.insert(entities).values(row).onConflictDoNothing().returning({ id: entities.id });
    created = ins.length > 0;
    if (created) {
      await db.insert(auditLog).values({
        tenantId: e.tenantId,
        actor: e.actor ?? 'system',
        action: 'entity.create',
        targetType: 'entity',
        targetId: id,
        after: row,
        reason: 'ingest',
      });
    }
  }
  await lockEntity(db, id);
  const values = entityAliasList(e, cik).map((a) => ({
    tenantId: e.tenantId,
    entityId: id,
    alias: a.alias,
    normalized: normalizeAlias(a.alias),
    kind: a.kind,
  }));
  if (values.length) await db.insert(entityAliases).values(values).onConflictDoNothing();
  return { id, created };
}

/** The SIC columns of a new entity: only when the submissions carry a code (rows without one keep their shape). */
export function sicColumns(s: SubmissionsInfo | null | undefined): { sic?: string; sicDescription?: string | null } {
  return s?.sic ? { sic: s.sic, sicDescription: s.sicDescription ?? null } : {};
}
