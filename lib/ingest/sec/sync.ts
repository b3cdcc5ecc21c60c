/**
 * `sec sync`: fetch a company's submissions, companyfacts and chosen filings from EDGAR into a
 * local folder (resumable: complete files are kept), ready for ingestion.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { padCik } from '@/lib/ingest/entity';
import type { SubmissionsInfo } from '@/lib/ingest/types';
import type { EdgarClient } from './client';
import { readSubmissions } from './submissions';

export interface SyncOptions {
  client: EdgarClient;
  outDir: string;
  ticker?: string;
  cik?: string;
  /** forms of the filings to fetch (default 10-K) */
  forms?: string[];
  /** how many filings (latest first) */
  limit?: number;
  /** specific accession numbers (override forms/limit) */
  accessions?: string[];
  /** `primary`: the filing's HTML (inline XBRL); `instance`: EDGAR's extracted XBRL instance */
  documents?: 'primary' | 'instance';
  /** re-download submissions and companyfacts even when present */
  refresh?: boolean;
  log?: (line: string) => void;
}

export interface SyncResult {
  cik: string;
  ticker: string | null;
  name: string;
  submissions: SubmissionsInfo;
  files: { kind: 'submissions' | 'companyfacts' | 'filing'; path: string; downloaded: boolean; bytes: number; accession?: string }[];
  failures: { url: string; code: string; message: string }[];
  requests: number;
}

interface TickerEntry {
  cik_str: number | string;
  ticker: string;
  title: string;
}

/** CIK of a ticker from EDGAR's company_tickers.json (cached in the sync folder). */
export async function resolveTicker(
  client: EdgarClient,
  outDir: string,
  ticker: string,
  refresh = false,
): Promise<{ cik: string; title: string }> {
  const dest = path.join(outDir, 'company_tickers.json');
  await client.download(client.companyTickersUrl(), dest, { refresh });
  const map = JSON.parse(fs.readFileSync(dest, 'utf8')) as Record<string, TickerEntry>;
  const want = ticker.trim().toUpperCase();
  const hit = Object.values(map).find((e) => e.ticker?.toUpperCase() === want);
  if (!hit) throw new AppError('not_found:ticker', `ticker ${want} is not in EDGAR's company_tickers.json`);
  return { cik: padCik(hit.cik_str), title: hit.title };
}

/** The instance EDGAR extracts from an inline filing: `aapl-20240928.htm` → `aapl-20240928_htm.xml`. */
export function instanceName(primaryDocument: string): string {
  return primaryDocument.replace(/\.(html?)$/i, '_$1.xml');
}

function metadataText(m: { company: string; cik: string; form: string; filingDate: string; accession: string }): string {
  return `Company: ${m.company}\nCIK: ${Number(m.cik)}\nForm: ${m.form}\nFiling Date: ${m.filingDate}\nAccession No: ${m.accession}\n`;
}

export async function syncCompany(opts: SyncOptions): Promise<SyncResult> {
  const { client } = opts;
  const log = opts.log ?? (() => {});
  if (!opts.ticker && !opts.cik) throw new AppError('bad_request:args', 'give --ticker or --cik');
  fs.mkdirSync(opts.outDir, { recursive: true });
  const startRequests = client.requests;
  let cik: string;
  let ticker = opts.ticker?.toUpperCase() ?? null;
  if (opts.cik) cik = padCik(opts.cik);
  else cik = (await resolveTicker(client, opts.outDir, opts.ticker!, opts.refresh)).cik;

  const files: SyncResult['files'] = [];
  const failures: SyncResult['failures'] = [];
  // submissions first: names, tickers, fiscal year end, the filing index
  const tmpName = `CIK${cik}${ticker ? `_${ticker}` : ''}_submissions.json`;
  const subsPath = path.join(opts.outDir, tmpName);
  const subsFile = await client.download(client.submissionsUrl(cik), subsPath, { refresh: opts.refresh });
  files.push({ kind: 'submissions', ...subsFile });
  log(`${subsFile.downloaded ? 'downloaded' : 'kept'} ${path.basename(subsPath)}`);
  const submissions = readSubmissions(JSON.parse(fs.readFileSync(subsPath, 'utf8')), path.basename(subsPath));
  ticker ??= submissions.tickers[0]?.toUpperCase() ?? null;

  const cfPath = path.join(opts.outDir, `CIK${cik}${ticker ? `_${ticker}` : ''}_companyfacts.json`);
  try {
    const cf = await client.download(client.companyFactsUrl(cik), cfPath, { refresh: opts.refresh });
    files.push({ kind: 'companyfacts', ...cf });
    log(`${cf.downloaded ? 'downloaded' : 'kept'} ${path.basename(cfPath)}`);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    failures.push({ url: client.companyFactsUrl(cik), code: e.code, message: e.message });
  }

  // chosen filings
  const forms = new Set((opts.forms?.length ? opts.forms : ['10-K']).map((f) => f.toUpperCase()));
  const wanted = opts.accessions?.length
    ? opts.accessions.map((a) => [a, submissions.filings.get(a)] as const)
    : [...submissions.filings.entries()].filter(([, f]) => forms.has(f.form.toUpperCase())).slice(0, opts.limit ?? 1);
  for (const [accession, f] of wanted) {
    if (!f?.primaryDocument) {
      failures.push({
        url: accession,
        code: 'not_found:filing',
        message: `accession ${accession} is not in the submissions index (or has no primary document)`,
      });
      continue;
    }
    const document = opts.documents === 'instance' ? instanceName(f.primaryDocument) : f.primaryDocument;
    const url = client.archiveUrl(cik, accession, document);
    const dest = path.join(opts.outDir, 'filings', document);
    try {
      const got = await client.download(url, dest);
      const stem = document.replace(/(_htm)?\.(xml|html?)$/i, '');
      fs.writeFileSync(
        path.join(path.dirname(dest), `${stem}.filing_metadata.txt`),
        metadataText({ company: submissions.name, cik, form: f.form, filingDate: f.filingDate, accession }),
      );
      files.push({ kind: 'filing', ...got, accession });
      log(`${got.downloaded ? 'downloaded' : 'kept'} ${document} (${f.form} ${accession}, filed ${f.filingDate})`);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      failures.push({ url, code: e.code, message: e.message });
    }
  }
  return { cik, ticker, name: submissions.name, submissions, files, failures, requests: client.requests - startRequests };
}
