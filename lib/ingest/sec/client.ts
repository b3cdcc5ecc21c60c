/**
 * EDGAR HTTP client: declares a User-Agent (SEC requires "Company Name contact@example.com"),
 * stays under 10 requests per second, retries 429/5xx and network errors with exponential backoff
 * (honouring Retry-After), and downloads atomically (`.part` then rename) so a sync can resume.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError } from '@/lib/errors';

export const SEC_DATA_BASE = 'https://data.sec.gov';
export const SEC_WWW_BASE = 'https://www.sec.gov';

export interface EdgarClientOptions {
  userAgent: string | undefined;
  /** data.sec.gov (submissions, companyfacts) */
  dataBaseUrl?: string;
  /** www.sec.gov (Archives, company_tickers.json) */
  wwwBaseUrl?: string;
  /** most requests per second (SEC's fair-access limit is 10) */
  maxPerSecond?: number;
  maxAttempts?: number;
  /** first backoff delay in ms (doubles per attempt) */
  backoffMs?: number;
  fetchImpl?: typeof fetch;
  /** called for every attempt (logging, tests) */
  onRequest?: (url: string, attempt: number) => void;
}

const RETRY_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Refuses to build a client without a proper User-Agent. */
export function assertUserAgent(ua: string | undefined): string {
  const v = ua?.trim();
  if (!v) {
    throw new AppError(
      'config:sec_user_agent',
      'SEC_USER_AGENT is not set. EDGAR requires a User-Agent naming you and a contact address, e.g. SEC_USER_AGENT="Acme Research ops@acme.example".',
    );
  }
  if (!/\S+@\S+\.\S+/.test(v)) {
    throw new AppError(
      'config:sec_user_agent',
      `SEC_USER_AGENT "${v}" has no contact e-mail address; EDGAR requires one (e.g. "Acme Research ops@acme.example").`,
    );
  }
  return v;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class EdgarClient {
  readonly userAgent: string;
  readonly dataBaseUrl: string;
  readonly wwwBaseUrl: string;
  private readonly minInterval: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly onRequest?: EdgarClientOptions['onRequest'];
  private nextSlot = 0;
  requests = 0;

  constructor(opts: EdgarClientOptions) {
    this.userAgent = assertUserAgent(opts.userAgent);
    this.dataBaseUrl = (opts.dataBaseUrl ?? SEC_DATA_BASE).replace(/\/$/, '');
    this.wwwBaseUrl = (opts.wwwBaseUrl ?? SEC_WWW_BASE).replace(/\/$/, '');
    this.minInterval = 1000 / Math.max(1, Math.min(opts.maxPerSecond ?? 10, 10));
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.backoffMs = opts.backoffMs ?? 500;
    this.fetchImpl = opts.fetchImpl ?? fetch;
    this.onRequest = opts.onRequest;
  }

  /** Waits for the next request slot: request starts are at least 1/maxPerSecond apart, measured when sent. */
  private async slot(): Promise<void> {
    for (;;) {
      const now = performance.now();
      if (now >= this.nextSlot) {
        this.nextSlot = now + this.minInterval;
        return;
      }
      await sleep(Math.max(1, this.nextSlot - now));
    }
  }

  /** GET with rate limit and retries; throws AppError('unavailable:sec', …) after the last attempt. */
  async get(url: string): Promise<Response> {
    let lastError = '';
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      await this.slot();
      this.requests++;
      this.onRequest?.(url, attempt);
      let res: Response | null = null;
      try {
        res = await this.fetchImpl(url, { headers: { 'User-Agent': this.userAgent, 'Accept-Encoding': 'gzip, deflate' } });
      } catch (e) {
        lastError = (e as Error).message;
      }
      if (res?.ok) return res;
      if (res && !RETRY_STATUS.has(res.status)) {
        await res.body?.cancel().catch(() => undefined);
        throw new AppError(res.status === 404 ? 'not_found:sec' : 'unavailable:sec', `GET ${url} → HTTP ${res.status}`);
      }
      let wait = this.backoffMs * 2 ** (attempt - 1);
      if (res) {
        lastError = `HTTP ${res.status}`;
        const retryAfter = Number(res.headers.get('retry-after'));
        if (Number.isFinite(retryAfter) && retryAfter >= 0) wait = Math.max(wait, retryAfter * 1000);
        await res.body?.cancel().catch(() => undefined);
      }
      if (attempt < this.maxAttempts) await sleep(Math.min(wait, 60_000));
    }
    throw new AppError('unavailable:sec', `GET ${url} failed after ${this.maxAttempts} attempts (${lastError})`);
  }

  async getJson<T = unknown>(url: string): Promise<T> {
    const res = await this.get(url);
    return (await res.json()) as T;
  }

  /**
   * Downloads to `dest` unless it already exists (resume) or `refresh` is set. Writes `dest.part`
   * first and renames, so an interrupted download is never mistaken for a complete one.
   */
  async download(
    url: string,
    dest: string,
    opts: { refresh?: boolean } = {},
  ): Promise<{ path: string; downloaded: boolean; bytes: number }> {
    if (!opts.refresh && fs.existsSync(dest)) return { path: dest, downloaded: false, bytes: fs.statSync(dest).size };
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    const part = `${dest}.part`;
    const res = await this.get(url);
    if (!res.body) throw new AppError('unavailable:sec', `GET ${url} returned no body`);
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), fs.createWriteStream(part));
    fs.renameSync(part, dest);
    return { path: dest, downloaded: true, bytes: fs.statSync(dest).size };
  }

  companyTickersUrl(): string {
    return `${this.wwwBaseUrl}/files/company_tickers.json`;
  }
  submissionsUrl(cik10: string): string {
    return `${this.dataBaseUrl}/submissions/CIK${cik10}.json`;
  }
  companyFactsUrl(cik10: string): string {
    return `${this.dataBaseUrl}/api/xbrl/companyfacts/CIK${cik10}.json`;
  }
  archiveUrl(cik10: string, accession: string, document: string): string {
    return `${this.wwwBaseUrl}/Archives/edgar/data/${Number(cik10)}/${accession.replace(/-/g, '')}/${document}`;
  }
}
