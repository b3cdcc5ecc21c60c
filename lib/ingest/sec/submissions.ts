/**
 * data.sec.gov submissions JSON: the filing index of a company (accession, form, filing and report
 * dates, primary document) plus its names (current and former), tickers with their exchanges and
 * `fiscalYearEnd` (MMDD).
 */
import { padCik } from '@/lib/ingest/entity';
import { ingestError, parseJson } from '@/lib/ingest/errors';
import type { SubmissionsInfo } from '@/lib/ingest/types';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strings(v: unknown): (string | null)[] {
  return Array.isArray(v) ? v.map((x) => (typeof x === 'string' && x ? x : null)) : [];
}

/** True when a parsed JSON document is a submissions document. */
export function isSubmissionsDoc(doc: unknown): boolean {
  return isObject(doc) && doc.cik !== undefined && isObject(doc.filings) && !('facts' in doc);
}

/** Reads a submissions document (its `filings.recent` page, or a bare page of older filings). */
export function readSubmissions(doc: unknown, fileName: string): SubmissionsInfo {
  if (!isObject(doc)) throw ingestError('unsupported:format', fileName, 'not an SEC submissions document');
  const cik = String(doc.cik ?? '').replace(/\D/g, '');
  if (!cik) throw ingestError('bad_request:malformed_submissions', fileName, 'missing cik', { path: 'cik' });
  const page = isObject(doc.filings) && isObject(doc.filings.recent) ? doc.filings.recent : doc;
  const acc = strings(page.accessionNumber);
  const forms = strings(page.form);
  const filed = strings(page.filingDate);
  const report = strings(page.reportDate);
  const primary = strings(page.primaryDocument);
  const filings: SubmissionsInfo['filings'] = new Map();
  for (let i = 0; i < acc.length; i++) {
    const a = acc[i];
    if (!a || !filed[i]) continue;
    filings.set(a, { form: forms[i] ?? '', filingDate: filed[i]!, reportDate: report[i] ?? null, primaryDocument: primary[i] ?? null });
  }
  const formerNames = Array.isArray(doc.formerNames)
    ? doc.formerNames.flatMap((f) => (isObject(f) && typeof f.name === 'string' && f.name.trim() ? [f.name.trim()] : []))
    : [];
  // tickers[i] trades on exchanges[i]; a ticker that is not a string is dropped with its exchange
  const rawTickers = Array.isArray(doc.tickers) ? doc.tickers : [];
  const rawExchanges = Array.isArray(doc.exchanges) ? doc.exchanges : [];
  const tickers: string[] = [];
  const exchanges: (string | null)[] = [];
  rawTickers.forEach((t, i) => {
    if (typeof t !== 'string' || !/^[A-Za-z0-9.\-/]{1,12}$/.test(t.trim())) return;
    const x = rawExchanges[i];
    tickers.push(t.trim().toUpperCase());
    exchanges.push(typeof x === 'string' && x.trim() ? x.trim() : null);
  });
  return {
    cik: padCik(cik),
    name: typeof doc.name === 'string' ? doc.name : '',
    tickers,
    exchanges,
    fiscalYearEnd: typeof doc.fiscalYearEnd === 'string' && /^\d{4}$/.test(doc.fiscalYearEnd) ? doc.fiscalYearEnd : null,
    ...sicOf(doc),
    formerNames,
    filings,
  };
}

/** The SIC code (EDGAR writes it as a string of 3 or 4 digits; kept as 4, zero-padded) and its title. */
function sicOf(doc: Record<string, unknown>): { sic: string | null; sicDescription: string | null } {
  const raw = typeof doc.sic === 'string' || typeof doc.sic === 'number' ? String(doc.sic).trim() : '';
  if (!/^\d{3,4}$/.test(raw) || Number(raw) === 0) return { sic: null, sicDescription: null };
  const d = typeof doc.sicDescription === 'string' ? doc.sicDescription.trim().slice(0, 200) : '';
  return { sic: raw.padStart(4, '0'), sicDescription: d || null };
}

export function parseSubmissions(text: string, fileName: string): SubmissionsInfo {
  return readSubmissions(parseJson(text, fileName), fileName);
}
