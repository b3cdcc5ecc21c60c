/**
 * `sec sync` against a local EDGAR stand-in (127.0.0.1 only) serving the files in $SEC_DATA_DIR:
 * User-Agent, at most 10 requests per second, retry with backoff, resume, then ingestion.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { secDataDir } from '@/lib/data-dir';
import { AppError } from '@/lib/errors';
import { ingestPaths } from '@/lib/ingest/ingest-paths';
import { createSideFiles } from '@/lib/ingest/side-files';
import { EdgarClient } from './client';
import { syncCompany } from './sync';

const data = secDataDir();
const present =
  fs.existsSync(path.join(data, 'sec-submissions', 'CIK0001318605_TSLA_submissions.json')) &&
  fs.existsSync(path.join(data, 'xbrl-instances', 'tsla-20240630_htm.xml'));
const UA = 'Ledgerline Tests ops@ledgerline.example';

interface Hit {
  at: number;
  path: string;
  ua: string | undefined;
  status: number;
}

function find(dir: string, test: (name: string) => boolean): string | null {
  const full = path.join(data, dir);
  if (!fs.existsSync(full)) return null;
  const name = fs.readdirSync(full).find(test);
  return name ? path.join(full, name) : null;
}

/** A stand-in for data.sec.gov + www.sec.gov over the shared data; fails some first attempts on purpose. */
function startServer(): Promise<{ url: string; hits: Hit[]; close: () => Promise<void> }> {
  const hits: Hit[] = [];
  const failedOnce = new Set<string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const p = url.pathname;
    const send = (status: number, file: string | null, headers: Record<string, string> = {}) => {
      hits.push({ at: performance.now(), path: p, ua: req.headers['user-agent'], status });
      if (status !== 200 || !file) {
        res.writeHead(status, headers);
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': file.endsWith('.json') ? 'application/json' : 'application/xml' });
      fs.createReadStream(file).pipe(res);
    };
    let m: RegExpExecArray | null;
    if (p === '/files/company_tickers.json') {
      const tickers: Record<string, { cik_str: number; ticker: string; title: string }> = {};
      for (const [i, n] of fs.readdirSync(path.join(data, 'sec-companyfacts')).entries()) {
        const mm = /^CIK(\d{10})_([A-Z]+)_/.exec(n);
        if (mm) tickers[String(i)] = { cik_str: Number(mm[1]), ticker: mm[2]!, title: mm[2]! };
      }
      hits.push({ at: performance.now(), path: p, ua: req.headers['user-agent'], status: 200 });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(tickers));
    } else if ((m = /^\/submissions\/CIK(\d{10})\.json$/.exec(p))) {
      if (!failedOnce.has(p)) {
        failedOnce.add(p);
        return send(429, null, { 'retry-after': '0' });
      }
      send(
        200,
        find('sec-submissions', (n) => n.startsWith(`CIK${m![1]}_`)),
      );
    } else if ((m = /^\/api\/xbrl\/companyfacts\/CIK(\d{10})\.json$/.exec(p))) {
      if (!failedOnce.has(p)) {
        failedOnce.add(p);
        return send(503, null);
      }
      const file = find('sec-companyfacts', (n) => n.startsWith(`CIK${m![1]}_`));
      send(file ? 200 : 404, file);
    } else if ((m = /^\/Archives\/edgar\/data\/\d+\/\d{18}\/([\w.-]+)$/.exec(p))) {
      const doc = m[1]!;
      const file = find('filings-ixbrl', (n) => n === doc) ?? find('xbrl-instances', (n) => n === doc);
      send(file ? 200 : 404, file);
    } else {
      send(404, null);
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe.runIf(present)('sec sync against a local EDGAR', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let out: string;
  let d: Database;
  const client = () => new EdgarClient({ userAgent: UA, dataBaseUrl: server.url, wwwBaseUrl: server.url, backoffMs: 20 });

  beforeAll(async () => {
    server = await startServer();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'll-sync-'));
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
  });
  afterAll(async () => {
    await server?.close();
    await d?.close();
  });

  it('refuses to run without a User-Agent naming a contact', () => {
    expect(() => new EdgarClient({ userAgent: undefined })).toThrow(AppError);
    expect(() => new EdgarClient({ userAgent: '  ' })).toThrow(/SEC_USER_AGENT is not set/);
    expect(() => new EdgarClient({ userAgent: 'Ledgerline' })).toThrow(/no contact e-mail/);
  });

  it('downloads submissions, companyfacts and the chosen filing with retries, under 10 requests per second', async () => {
    const sent: number[] = [];
    const c = new EdgarClient({
      userAgent: UA,
      dataBaseUrl: server.url,
      wwwBaseUrl: server.url,
      backoffMs: 20,
      onRequest: () => sent.push(performance.now()),
    });
    const res = await syncCompany({ client: c, outDir: out, ticker: 'TSLA', accessions: ['0001628280-24-032662'], documents: 'instance' });
    expect(res.failures).toEqual([]);
    expect(res).toMatchObject({ cik: '0001318605', ticker: 'TSLA', name: 'Tesla, Inc.' });
    expect(res.files.map((f) => [f.kind, path.basename(f.path), f.downloaded])).toEqual([
      ['submissions', 'CIK0001318605_TSLA_submissions.json', true],
      ['companyfacts', 'CIK0001318605_TSLA_companyfacts.json', true],
      ['filing', 'tsla-20240630_htm.xml', true],
    ]);
    expect(
      fs
        .readFileSync(path.join(out, 'CIK0001318605_TSLA_companyfacts.json'))
        .equals(fs.readFileSync(path.join(data, 'sec-companyfacts', 'CIK0001318605_TSLA_companyfacts.json'))),
    ).toBe(true);
    expect(fs.existsSync(path.join(out, 'filings', 'tsla-20240630_htm.xml.part'))).toBe(false);
    // every request declared the User-Agent; the 429 and the 503 were retried
    expect(server.hits.every((h) => h.ua === UA)).toBe(true);
    expect(server.hits.map((h) => [h.path, h.status])).toEqual([
      ['/files/company_tickers.json', 200],
      ['/submissions/CIK0001318605.json', 429],
      ['/submissions/CIK0001318605.json', 200],
      ['/api/xbrl/companyfacts/CIK0001318605.json', 503],
      ['/api/xbrl/companyfacts/CIK0001318605.json', 200],
      ['/Archives/edgar/data/1318605/000162828024032662/tsla-20240630_htm.xml', 200],
    ]);
    // requests are sent at least 100 ms apart: never more than 10 in any second
    expect(sent).toHaveLength(6);
    const gaps = sent.slice(1).map((t, i) => t - sent[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(99);
  });

  it('resumes: complete files are kept, nothing is fetched again', async () => {
    const before = server.hits.length;
    fs.writeFileSync(path.join(out, 'filings', 'ignored.part'), 'half');
    const res = await syncCompany({
      client: client(),
      outDir: out,
      ticker: 'TSLA',
      accessions: ['0001628280-24-032662'],
      documents: 'instance',
    });
    expect(res.files.every((f) => !f.downloaded)).toBe(true);
    expect(server.hits.length).toBe(before);
  });

  it('reports filings EDGAR does not have and carries on', async () => {
    const res = await syncCompany({ client: client(), outDir: out, cik: '1318605', forms: ['10-K'], limit: 1 });
    expect(res.failures).toHaveLength(1);
    expect(res.failures[0]).toMatchObject({ code: 'not_found:sec' });
  });

  it('ingests what it downloaded: the filing gets its accession and filing date from the sync', async () => {
    const res = await syncCompany({
      client: client(),
      outDir: out,
      ticker: 'TSLA',
      accessions: ['0001628280-24-032662'],
      documents: 'instance',
    });
    const files = res.files.filter((f) => f.kind !== 'submissions').map((f) => f.path);
    const sink = { write: () => true } as unknown as NodeJS.WritableStream;
    const outcomes = await ingestPaths({
      database: d,
      tenantId: 'sync',
      files,
      out: sink,
      err: sink,
      showProgress: false,
      sideFiles: createSideFiles({ dirs: [out], submissions: [res.submissions] }),
    });
    expect(outcomes.map((o) => [o.format, o.status, o.error])).toEqual([
      ['companyfacts', 'ok', null],
      ['xbrl-instance', 'ok', null],
    ]);
    const [src] = await d.query<{ accession: string; filed: string; how: string }>(
      `select accession, to_char(filed_at, 'YYYY-MM-DD') as filed, metadata->>'filingFrom' as how from sources where kind = 'xbrl-instance'`,
    );
    expect(src).toEqual({ accession: '0001628280-24-032662', filed: '2024-07-24', how: 'filing metadata' });
    const [entity] = await d.query<{ name: string; ticker: string }>(`select name, ticker from entities where tenant_id = 'sync'`);
    expect(entity).toEqual({ name: 'Tesla, Inc.', ticker: 'TSLA' });
  });

  it('the CLI refuses to sync without SEC_USER_AGENT', async () => {
    const env = { ...process.env, SEC_USER_AGENT: '', LEDGERLINE_DATA_DIR: path.join(out, 'db') };
    const run = promisify(execFile);
    const err = await run(
      process.execPath,
      ['--import', 'tsx', 'lib/cli/main.ts', 'sec', 'sync', '--ticker', 'TSLA', '--base-url', server.url, '--out', out],
      { env, cwd: process.cwd() },
    ).catch((e: { code: number; stderr: string }) => e);
    expect((err as { code: number }).code).toBe(1);
    expect((err as { stderr: string }).stderr).toMatch(/^ledgerline: config:sec_user_agent: SEC_USER_AGENT is not set/);
  });
});
