/**
 * Report extraction (lib/ingest/report): pages per second and peak memory for a 200-page text PDF
 * (generated in memory: statement pages with a header, unit line and 30 lines of figures), the real
 * 219-page VRL Logistics annual report when the data folder has it, and the plain-HTML 20-F. Each PDF
 * runs in its own process so that peak RSS is that document's. Extraction + binding only (no database).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeReport } from '@/lib/ingest/report/analyze';
import { extractHtmlReport } from '@/lib/ingest/report/html';
import type { BenchRow, BenchSection } from './support/types';

interface ChildResult {
  input: string;
  bytes: number;
  pages: number;
  extractMs: number;
  analyzeMs: number;
  pagesPerS: number;
  peakRssMB: number;
  baseRssMB: number;
  counters: { numericCells: number; bound: number; quarantined: number; byReason: Record<string, number>; tables: number; chunks: number };
}

function runChild(input: string): ChildResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.resolve('scripts', 'bench', '_report-extract-child.ts'), input], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    timeout: 600_000,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as ChildResult;
}

function row(name: string, r: ChildResult): BenchRow {
  const totalMs = r.extractMs + r.analyzeMs;
  return {
    section: 'report-extract',
    case: name,
    driver: 'n/a',
    n: r.pages,
    p50Ms: Math.round((totalMs / Math.max(1, r.pages)) * 10) / 10,
    p95Ms: null,
    throughput: r.pagesPerS,
    throughputUnit: 'pages/s',
    target: name.startsWith('generated') ? { metric: 'throughput', op: '>=', value: 5, met: r.pagesPerS >= 5 } : undefined,
    extra: {
      peakRssMB: r.peakRssMB,
      extractMs: r.extractMs,
      analyzeMs: r.analyzeMs,
      cells: r.counters.numericCells,
      bound: r.counters.bound,
      quarantined: r.counters.quarantined,
      summary: `${r.pages} pages in ${(totalMs / 1000).toFixed(1)} s (${r.pagesPerS} pages/s), peak RSS ${r.peakRssMB} MB; ${r.counters.numericCells} numeric cells: ${r.counters.bound} bound, ${r.counters.quarantined} quarantined`,
    },
  };
}

const section: BenchSection = {
  name: 'report-extract',
  description: 'HTML/PDF report extraction: pages/s and peak memory (200-page PDF, VRL annual report, 20-F HTML)',
  async run(ctx) {
    const rows: BenchRow[] = [];
    ctx.log('report-extract: 200-page generated PDF');
    rows.push(row('generated 200-page statement PDF', runChild('generated:200')));
    const vrl = path.join(ctx.dataDir, 'india-annual-report', 'vrl-logistics-2023-24', 'VRL_Logistics_Annual_Report_2023-24.pdf');
    if (fs.existsSync(vrl)) {
      ctx.log('report-extract: VRL Logistics annual report (219 pages)');
      rows.push(row('VRL Logistics AR 2023-24 (real, 219 pages)', runChild(vrl)));
    }
    const twentyF = path.join(ctx.dataDir, 'filings-ixbrl', '20-F_0001062993-21-003193_PlymouthRock_FY2020-11-30.html');
    if (fs.existsSync(twentyF)) {
      const html = fs.readFileSync(twentyF, 'utf8');
      const t0 = performance.now();
      const doc = extractHtmlReport(html);
      const a = analyzeReport(doc, {
        calendars: [
          {
            entityId: 'b',
            effectiveFrom: '2000-12-01',
            effectiveTo: null,
            yearEnd: { kind: 'fixed', month: 11, day: 30 },
            labelBy: 'end-year',
          },
        ],
        standard: 'ifrs',
        currency: 'CAD',
      });
      const ms = performance.now() - t0;
      rows.push({
        section: 'report-extract',
        case: 'plain-HTML 20-F (Plymouth Rock, 1.4 MB)',
        driver: 'n/a',
        n: a.counters.tables,
        p50Ms: Math.round(ms),
        p95Ms: null,
        throughput: Math.round((html.length / 1e6 / (ms / 1000)) * 10) / 10,
        throughputUnit: 'MB/s',
        extra: {
          cells: a.counters.numericCells,
          bound: a.counters.bound,
          quarantined: a.counters.quarantined,
          summary: `${a.counters.tables} tables, ${a.counters.numericCells} numeric cells: ${a.counters.bound} bound, ${a.counters.quarantined} quarantined, ${a.counters.chunks} chunks`,
        },
      });
    }
    return rows;
  },
};

export default section;
