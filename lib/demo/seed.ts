import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { auditLog, entities, entityAliases, fiscalCalendars, sources, tenants, users } from '@/lib/db/schema';
import { seedMetrics } from '@/lib/db/seed-metrics';
import { DEMO_TENANT_ID, DEMO_USERS } from './identity';
import { contentId } from '@/lib/ids';
import type { FiscalCalendar, YearEndRule } from '@/lib/domain/types';
import { normalizeAlias } from '@/lib/domain/names';
import { bumpDataVersion } from '@/lib/db/data-version';
import { refreshStatistics } from '@/lib/db/statistics';
import { ingestBytes } from '@/lib/ingest/ingest-file';

export { DEMO_TENANT_ID, DEMO_USERS } from './identity';

interface DemoCompany {
  id: string;
  name: string;
  legalName: string;
  ticker: string;
  abbreviation: string;
  country: string;
  currency: string;
  accountingStandard: 'ind-as' | 'us-gaap';
  calendar: { effectiveFrom: string; yearEnd: YearEndRule; labelBy: FiscalCalendar['labelBy']; reason: string };
}

/** The invented demo companies: three calendars (31 March; 52/53 weeks to the Saturday nearest 31 January; 30 June). */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    id: contentId('entity', DEMO_TENANT_ID, 'Helios Components Ltd'),
    name: 'Helios Components',
    legalName: 'Helios Components Ltd',
    ticker: 'HELIOS',
    abbreviation: 'Helios',
    country: 'IN',
    currency: 'INR',
    accountingStandard: 'ind-as',
    calendar: {
      effectiveFrom: '2000-04-01',
      yearEnd: { kind: 'fixed', month: 3, day: 31 },
      labelBy: 'end-year',
      reason: 'Demo seed: Indian fiscal year April–March',
    },
  },
  {
    id: contentId('entity', DEMO_TENANT_ID, 'Northwind Outfitters, Inc.'),
    name: 'Northwind Outfitters',
    legalName: 'Northwind Outfitters, Inc.',
    ticker: 'NWO',
    abbreviation: 'Northwind',
    country: 'US',
    currency: 'USD',
    accountingStandard: 'us-gaap',
    calendar: {
      effectiveFrom: '2000-01-30',
      yearEnd: { kind: 'week', weekday: 6, month: 1, rule: 'nearest' },
      labelBy: 'start-year',
      reason: 'Demo seed: 52/53-week retail year ending the Saturday nearest 31 January, named by the year it starts',
    },
  },
  {
    id: contentId('entity', DEMO_TENANT_ID, 'Quillon Software Inc.'),
    name: 'Quillon Software',
    legalName: 'Quillon Software Inc.',
    ticker: 'QLN',
    abbreviation: 'Quillon',
    country: 'US',
    currency: 'USD',
    accountingStandard: 'us-gaap',
    calendar: {
      effectiveFrom: '2000-07-01',
      yearEnd: { kind: 'fixed', month: 6, day: 30 },
      labelBy: 'end-year',
      reason: 'Demo seed: fiscal year July–June',
    },
  },
];

/**
 * The demo corpus (authored HTML under lib/demo/documents/), ingested in filing order through the report
 * pipeline. `helios-results-q2-fy2026.pdf` is the same release rendered to PDF by
 * `scripts/demo/make-demo-pdf.ts`; the PDF path is tested against it, the seed stays HTML-only so
 * the app's first start never loads the PDF engine.
 */
export const DEMO_DOCUMENTS = [
  'helios-annual-report-fy2025.html',
  'helios-results-q2-fy2026.html',
  'helios-annual-report-fy2026.html',
  'northwind-10k-fy2024.html',
  'northwind-10k-fy2025.html',
  'quillon-10k-fy2024.html',
  'quillon-10k-fy2025.html',
] as const;

/** Folder of the demo corpus: next to this module, else `lib/demo/documents` under the working directory (bundled server). */
export function demoCorpusDir(): string {
  const candidates: string[] = [];
  try {
    if (import.meta.url.startsWith('file:')) candidates.push(path.join(path.dirname(fileURLToPath(import.meta.url)), 'documents'));
  } catch {
    // not a file URL (bundled)
  }
  candidates.push(path.resolve(process.cwd(), 'lib', 'demo', 'documents'));
  // the corpus is read at run time from the checkout: not a file for the bundler to trace (it would trace the whole project)
  for (const c of candidates)
    if (fs.existsSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ c, DEMO_DOCUMENTS[0]))) return c;
  throw new Error(`demo corpus not found (looked in ${candidates.join(', ')})`);
}

/** True when every demo document is stored for the demo tenant. */
export async function isDemoSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sources)
    .where(and(eq(sources.tenantId, DEMO_TENANT_ID), inArray(sources.fileName, [...DEMO_DOCUMENTS])));
  return Number(rows[0]?.n ?? 0) >= DEMO_DOCUMENTS.length;
}

/** Tenant, users, the demo companies with aliases and registered calendars (audited). Idempotent. */
async function seedCompanies(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values({ id: DEMO_TENANT_ID, name: 'Demo' }).onConflictDoNothing();
    for (const u of DEMO_USERS)
      await tx
        .insert(users)
        .values({ ...u, tenantId: DEMO_TENANT_ID, createdInDemo: true })
        .onConflictDoNothing();
    for (const c of DEMO_COMPANIES) {
      await tx
        .insert(entities)
        .values({
          id: c.id,
          tenantId: DEMO_TENANT_ID,
          name: c.name,
          legalName: c.legalName,
          ticker: c.ticker,
          country: c.country,
          reportingCurrency: c.currency,
          accountingStandard: c.accountingStandard,
        })
        .onConflictDoNothing();
      for (const [alias, kind] of [
        [c.name, 'name'],
        [c.legalName, 'legal_name'],
        [c.abbreviation, 'abbreviation'],
        [c.ticker, 'ticker'],
      ] as const) {
        await tx
          .insert(entityAliases)
          .values({ tenantId: DEMO_TENANT_ID, entityId: c.id, alias, normalized: normalizeAlias(alias), kind })
          .onConflictDoNothing();
      }
      const calendar: FiscalCalendar = {
        entityId: c.id,
        effectiveFrom: c.calendar.effectiveFrom,
        effectiveTo: null,
        yearEnd: c.calendar.yearEnd,
        labelBy: c.calendar.labelBy,
      };
      const calendarId = contentId('calendar', c.id, calendar.effectiveFrom);
      const cal = await tx
        .insert(fiscalCalendars)
        .values({
          id: calendarId,
          tenantId: DEMO_TENANT_ID,
          entityId: c.id,
          effectiveFrom: calendar.effectiveFrom,
          effectiveTo: null,
          yearEnd: calendar.yearEnd,
          labelBy: calendar.labelBy,
          origin: 'registered',
          reason: c.calendar.reason,
        })
        .onConflictDoNothing()
        .returning({ id: fiscalCalendars.id });
      if (cal.length) {
        await tx.insert(auditLog).values({
          tenantId: DEMO_TENANT_ID,
          actor: 'system',
          action: 'calendar.register',
          targetType: 'fiscal_calendar',
          targetId: calendarId,
          after: calendar,
          reason: 'demo seed',
        });
      }
    }
  });
  await bumpDataVersion(db, DEMO_TENANT_ID);
}

/**
 * Seed the demo tenant: users (no passwords), three companies with registered calendars, and the
 * demo corpus ingested through the report pipeline (tables, cells, facts — active and quarantined —
 * and narrative chunks). Idempotent: running it twice changes nothing.
 */
export async function seedDemo(db: Db): Promise<{ facts: number; created: boolean }> {
  await seedMetrics(db);
  await seedCompanies(db);
  const dir = demoCorpusDir();
  let facts = 0;
  let created = false;
  for (const name of DEMO_DOCUMENTS) {
    const bytes = fs.readFileSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, name));
    const o = await ingestBytes(bytes, name, { db, tenantId: DEMO_TENANT_ID, actor: 'system', refreshStatistics: false });
    if (o.status === 'failed') throw new Error(`demo seed: ${name}: ${o.error?.code}: ${o.error?.message}`);
    if (o.status === 'ok') created = true;
    facts += o.factsAdded;
  }
  if (created) await refreshStatistics(db);
  return { facts, created };
}
