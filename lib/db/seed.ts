import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { entities, entityAliases, fiscalCalendars, metrics, sourceCells, sources, sourceTables, tenants, users, auditLog } from './schema';
import { METRICS } from '@/lib/ontology/metrics';
import { contentId, sha256Hex } from '@/lib/ids';
import { writeFacts, type FactInput } from '@/lib/facts/write-facts';
import { deriveFiscal } from '@/lib/fiscal/derive';
import type { FiscalCalendar, Period } from '@/lib/facts/types';
import { normalizeAlias } from '@/lib/facts/aliases';

export const DEMO_TENANT_ID = 'demo';
export const DEMO_USERS = [
  { id: 'demo-analyst', email: 'analyst@demo.ledgerline.local', name: 'Demo Analyst', role: 'analyst' as const },
  { id: 'demo-reviewer', email: 'reviewer@demo.ledgerline.local', name: 'Demo Reviewer', role: 'reviewer' as const },
  { id: 'demo-admin', email: 'admin@demo.ledgerline.local', name: 'Demo Admin', role: 'admin' as const },
];

/** Upsert the metric ontology (shared reference data). */
export async function seedMetrics(db: Db): Promise<void> {
  for (const m of METRICS) {
    const row = {
      id: m.id,
      label: m.label,
      description: m.description,
      periodType: m.periodType,
      unitKind: m.unitKind,
      synonyms: m.synonyms,
      concepts: m.concepts,
      constraints: m.constraints ?? {},
    };
    await db.insert(metrics).values(row).onConflictDoUpdate({ target: metrics.id, set: row });
  }
}

const HELIOS_ID = contentId('entity', DEMO_TENANT_ID, 'Helios Components Ltd');

/** Calendar: fixed year end 31 March, fiscal year named by its end year (FY2026 = Apr 2025 – Mar 2026). */
const HELIOS_CALENDAR: FiscalCalendar = {
  entityId: HELIOS_ID,
  effectiveFrom: '2000-04-01',
  effectiveTo: null,
  yearEnd: { kind: 'fixed', month: 3, day: 31 },
  labelBy: 'end-year',
};

interface DemoRow {
  label: string;
  metricId: string;
  concept: string;
  values: [string, string];
}

/** Consolidated statement of profit and loss, ₹ crore, FY2026 with the FY2025 comparative column. */
const HELIOS_PL: { title: string; unitLine: string; columns: [string, string]; periods: [Period, Period]; rows: DemoRow[] } = {
  title: 'Consolidated Statement of Profit and Loss for the year ended 31 March 2026',
  unitLine: '(₹ in crore)',
  columns: ['Year ended 31 March 2026', 'Year ended 31 March 2025'],
  periods: [
    { type: 'duration', start: '2025-04-01', end: '2026-03-31' },
    { type: 'duration', start: '2024-04-01', end: '2025-03-31' },
  ],
  rows: [
    { label: 'Revenue from operations', metricId: 'revenue', concept: 'ind-as:RevenueFromOperations', values: ['1200', '1000'] },
    { label: 'Operating profit', metricId: 'operating_income', concept: 'ind-as:OperatingProfit', values: ['144', '180'] },
  ],
};

const CRORE = 10_000_000n;

function croreToBase(crore: string): string {
  const [int, frac = ''] = crore.split('.');
  const scaled = BigInt(int ?? '0') * CRORE + BigInt((frac + '0000000').slice(0, 7));
  return scaled.toString();
}

/** True when the demo tenant has its demo source. */
export async function isDemoSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: sources.id }).from(sources).where(eq(sources.tenantId, DEMO_TENANT_ID)).limit(1);
  return rows.length > 0;
}

/**
 * Seed the demo tenant: users (no passwords), Helios Components Ltd with its fiscal calendar, and one
 * statement table whose cells carry the facts. Idempotent: running it twice changes nothing.
 */
export async function seedDemo(db: Db): Promise<{ facts: number; created: boolean }> {
  await seedMetrics(db);
  return db.transaction(async (tx) => {
    await tx.insert(tenants).values({ id: DEMO_TENANT_ID, name: 'Demo' }).onConflictDoNothing();
    for (const u of DEMO_USERS) {
      await tx.insert(users).values({ ...u, tenantId: DEMO_TENANT_ID }).onConflictDoNothing();
    }
    await tx
      .insert(entities)
      .values({
        id: HELIOS_ID,
        tenantId: DEMO_TENANT_ID,
        name: 'Helios Components',
        legalName: 'Helios Components Ltd',
        ticker: 'HELIOS',
        country: 'IN',
        reportingCurrency: 'INR',
        accountingStandard: 'ind-as',
      })
      .onConflictDoNothing();
    for (const [alias, kind] of [
      ['Helios Components', 'name'],
      ['Helios Components Ltd', 'legal_name'],
      ['Helios', 'abbreviation'],
      ['HELIOS', 'ticker'],
    ] as const) {
      await tx
        .insert(entityAliases)
        .values({ entityId: HELIOS_ID, alias, normalized: normalizeAlias(alias), kind })
        .onConflictDoNothing();
    }
    const calendarId = contentId('calendar', HELIOS_ID, HELIOS_CALENDAR.effectiveFrom);
    const cal = await tx
      .insert(fiscalCalendars)
      .values({
        id: calendarId,
        entityId: HELIOS_ID,
        effectiveFrom: HELIOS_CALENDAR.effectiveFrom,
        effectiveTo: null,
        yearEnd: HELIOS_CALENDAR.yearEnd,
        labelBy: HELIOS_CALENDAR.labelBy,
        origin: 'registered',
        reason: 'Demo seed: Indian fiscal year April–March',
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
        after: HELIOS_CALENDAR,
        reason: 'demo seed',
      });
    }

    const content = JSON.stringify(HELIOS_PL);
    const sha = sha256Hex(content);
    const sourceId = contentId('source', DEMO_TENANT_ID, sha);
    const created = await tx
      .insert(sources)
      .values({
        id: sourceId,
        tenantId: DEMO_TENANT_ID,
        entityId: HELIOS_ID,
        kind: 'manual',
        title: 'Helios Components Ltd — Annual Report FY2026 (demo extract)',
        fileName: null,
        form: 'Annual Report',
        accession: 'HELIOS-AR-FY2026',
        filedAt: '2026-05-20',
        periodOfReport: '2026-03-31',
        sha256: sha,
        byteSize: Buffer.byteLength(content),
        extractorVersion: 'demo-seed/1',
      })
      .onConflictDoNothing()
      .returning({ id: sources.id });
    if (!created.length) return { facts: 0, created: false };

    const tableId = contentId('table', sourceId, 0);
    await tx.insert(sourceTables).values({
      id: tableId,
      sourceId,
      ordinal: 0,
      title: HELIOS_PL.title,
      section: 'Financial Statements',
      page: 112,
      unitLine: HELIOS_PL.unitLine,
      scale: 7,
      currency: 'INR',
      headerRows: [['Particulars', ...HELIOS_PL.columns]],
      rowCount: HELIOS_PL.rows.length + 1,
      columnCount: 3,
    });
    const inputs: FactInput[] = [];
    for (const [r, row] of HELIOS_PL.rows.entries()) {
      const rowIndex = r + 1;
      await tx.insert(sourceCells).values({
        id: contentId('cell', tableId, rowIndex, 0),
        tableId,
        rowIndex,
        colIndex: 0,
        rowLabel: row.label,
        columnPath: ['Particulars'],
        text: row.label,
        page: 112,
      });
      for (const [c, value] of row.values.entries()) {
        const colIndex = c + 1;
        const cellId = contentId('cell', tableId, rowIndex, colIndex);
        const period = HELIOS_PL.periods[c]!;
        await tx.insert(sourceCells).values({
          id: cellId,
          tableId,
          rowIndex,
          colIndex,
          rowLabel: row.label,
          columnPath: [HELIOS_PL.columns[c]!],
          text: value.replace(/\B(?=(\d{3})+(?!\d))/g, ','),
          numericValue: value,
          page: 112,
        });
        const fiscal = deriveFiscal(period, [HELIOS_CALENDAR]);
        inputs.push({
          tenantId: DEMO_TENANT_ID,
          entityId: HELIOS_ID,
          metricId: row.metricId,
          concept: row.concept,
          value: croreToBase(value),
          unit: 'INR',
          currency: 'INR',
          scale: 7,
          decimals: -5,
          period,
          fiscalYear: fiscal.fiscalYear,
          fiscalPeriod: fiscal.fiscalPeriod,
          scope: 'consolidated',
          dimensions: {},
          accountingStandard: 'ind-as',
          provenance: { tableId, cellId, page: 112, sourceLabel: HELIOS_PL.columns[c] },
          cellId,
          sighting: {
            sourceId,
            accession: 'HELIOS-AR-FY2026',
            form: 'Annual Report',
            filedAt: '2026-05-20',
            labels: { column: HELIOS_PL.columns[c] },
          },
        });
      }
    }
    const res = await writeFacts(tx as unknown as Db, inputs);
    await tx.insert(auditLog).values({
      tenantId: DEMO_TENANT_ID,
      actor: 'system',
      action: 'source.ingest',
      targetType: 'source',
      targetId: sourceId,
      after: { facts: res.inserted },
      reason: 'demo seed',
    });
    return { facts: res.inserted, created: true };
  });
}

/** Count rows per table (used by health and CLI summaries). */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const res = await db.execute<{ t: string; n: number }>(sql`
    select 'facts' as t, count(*)::int as n from facts
    union all select 'entities', count(*)::int from entities
    union all select 'sources', count(*)::int from sources
    union all select 'chunks', count(*)::int from chunks
    union all select 'manifests', count(*)::int from manifests`);
  const rows = (res as unknown as { rows?: { t: string; n: number }[] }).rows ?? (res as unknown as { t: string; n: number }[]);
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}
