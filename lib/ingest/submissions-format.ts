/**
 * SEC submissions JSON as an ingestable file: it carries no facts, but registers the company (name,
 * tickers, former names, CIK) so questions can name it, and its `fiscalYearEnd` hints the calendar
 * of later companyfacts ingests.
 */
import { parseSubmissions } from '@/lib/ingest/sec/submissions';
import { upsertEntity } from './entity';
import type { FormatHandler, SubmissionsInfo } from './types';

export const submissionsFormat: FormatHandler<SubmissionsInfo> = {
  format: 'sec-submissions',
  sourceKind: 'manual',
  extractorVersion: 'sec-submissions/1',
  detect(head) {
    return /^\s*\{/.test(head) && /"cik"\s*:/.test(head) && /"(filings|fiscalYearEnd|tickers)"\s*:/.test(head) && !/"facts"\s*:/.test(head);
  },
  parse: parseSubmissions,
  async write(ctx, s) {
    const entity = await upsertEntity(ctx.tx, {
      tenantId: ctx.tenantId,
      name: s.name || `CIK ${s.cik}`,
      cik: s.cik,
      ticker: s.tickers[0] ?? null,
      submissions: s,
      actor: ctx.actor,
    });
    return {
      entityId: entity.id,
      sourceId: null,
      factsSeen: 0,
      factsAdded: 0,
      sightingsAdded: 0,
      quarantined: 0,
      chunksAdded: 0,
      tablesAdded: 0,
      counters: { filings: s.filings.size, entityCreated: entity.created ? 1 : 0 },
      notes: [
        `entity ${entity.created ? 'created' : 'updated'}; ${s.filings.size} filings indexed; fiscal year end ${s.fiscalYearEnd ?? 'unknown'}`,
      ],
    };
  },
};
