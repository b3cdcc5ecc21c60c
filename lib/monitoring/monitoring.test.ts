import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LineChart, niceMax } from '@/components/monitoring/line-chart';
import { dailyLatency, dayRange, toDaily, totalsBySource, WATCHED_CODES, type AnswerCounterRow } from './counters';
import { parseWindow } from './dashboard';
import { historyEntries, readEvalHistory, readLatestEval } from './eval-results';

const zero = Object.fromEntries(WATCHED_CODES.map((c) => [c, 0])) as AnswerCounterRow['codes'];
const row = (p: Partial<AnswerCounterRow>): AnswerCounterRow => ({
  day: '2026-01-02',
  source: 'none',
  extractorVersion: 'none',
  answers: 1,
  answered: 1,
  abstentions: 0,
  rejected: 0,
  codes: { ...zero },
  latencyP50: 100,
  latencyP95: 200,
  ...p,
});

describe('monitoring series', () => {
  const until = new Date('2026-01-03T12:00:00Z');
  it('lists every day of the window, oldest first', () => {
    expect(dayRange({ days: 3, until })).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
  });
  it('sums rows per day and key, with zeros where nothing happened', () => {
    const days = dayRange({ days: 3, until });
    const rows = [
      row({ answered: 2, abstentions: 1 }),
      row({ source: 'companyfacts', answered: 3 }),
      row({ day: '2025-12-01', answered: 9 }),
    ];
    expect(toDaily(rows, days, (r) => ({ answered: r.answered, abstentions: r.abstentions })).series).toEqual({
      answered: [0, 5, 0],
      abstentions: [0, 1, 0],
    });
  });
  it('weights p50 by answers and keeps the worst p95', () => {
    const days = ['2026-01-02'];
    const s = dailyLatency(
      [row({ answers: 1, latencyP50: 100, latencyP95: 300 }), row({ answers: 3, latencyP50: 200, latencyP95: 250 })],
      days,
    );
    expect(s.series).toEqual({ p50: [175], p95: [300] });
  });
  it('totals by source and extractor version', () => {
    const t = totalsBySource([
      row({ source: 'html-report', extractorVersion: 'report/1', answers: 2, abstentions: 1, codes: { ...zero, PERIOD_MISMATCH: 1 } }),
      row({ source: 'html-report', extractorVersion: 'report/1', answers: 3, codes: { ...zero, PERIOD_MISMATCH: 2 }, latencyP95: 900 }),
      row({ answers: 1 }),
    ]);
    expect(t[0]).toMatchObject({ key: 'html-report · report/1', answers: 5, abstentions: 1, latencyP95: 900 });
    expect(t[0]!.codes.PERIOD_MISMATCH).toBe(3);
  });
  it('accepts only the offered windows', () => {
    expect([parseWindow('7'), parseWindow(['90']), parseWindow('365'), parseWindow(undefined)]).toEqual([7, 90, 30, 30]);
  });
});

describe('eval results on disk', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-eval-'));
  const r = { rate: 0.5, low: 0.2, high: 0.8, k: 1, n: 2 };
  const overall = {
    n: 2,
    answerRate: r,
    correctSupportedRate: r,
    periodMismatchEscapeRate: { ...r, k: 0, rate: 0 },
    correctAbstentionRate: r,
    latencyP50: 10,
    latencyP95: 20,
  };
  it('reads latest.json and treats missing or malformed files as no results', () => {
    expect(readLatestEval(path.join(dir, 'missing.json'))).toBeNull();
    fs.writeFileSync(path.join(dir, 'bad.json'), '{"at": 1}');
    expect(readLatestEval(path.join(dir, 'bad.json'))).toBeNull();
    fs.writeFileSync(
      path.join(dir, 'latest.json'),
      JSON.stringify({
        at: '2026-01-01T00:00:00Z',
        runs: [{ set: 'dev', overall, byPathway: { detail: overall }, failureCounts: {}, failures: [], scores: [] }],
      }),
    );
    expect(readLatestEval(path.join(dir, 'latest.json'))?.runs[0]?.overall.correctSupportedRate.rate).toBe(0.5);
  });
  it('reads the history, skipping bad lines', () => {
    const lines = [
      ...historyEntries('2026-01-02T00:00:00Z', [{ set: 'dev', overall }]),
      ...historyEntries('2026-01-01T00:00:00Z', [{ set: 'temporal', overall }]),
    ].map((h) => JSON.stringify(h));
    fs.writeFileSync(path.join(dir, 'history.jsonl'), `${lines.join('\n')}\nnot json\n{"at":"x"}\n`);
    const h = readEvalHistory(path.join(dir, 'history.jsonl'));
    expect(h.map((x) => [x.at.slice(0, 10), x.set, x.correctSupported, x.escapes])).toEqual([
      ['2026-01-01', 'temporal', 0.5, 0],
      ['2026-01-02', 'dev', 0.5, 0],
    ]);
  });
});

describe('SVG line chart', () => {
  it('rounds the axis maximum up', () => {
    expect([niceMax(0), niceMax(7), niceMax(13), niceMax(420)]).toEqual([1, 10, 20, 500]);
  });
  it('renders one polyline per series and an accessible table', () => {
    const html = renderToStaticMarkup(
      LineChart({
        title: 'Answers per day',
        x: ['2026-01-01', '2026-01-02', '2026-01-03'],
        series: [
          { label: 'answered', values: [1, 4, 2] },
          { label: 'abstentions', values: [0, 1, 0] },
        ],
      }),
    );
    expect(html.match(/<polyline/g)).toHaveLength(2);
    expect(html).toContain('role="img"');
    expect(html).toContain('<caption>Answers per day</caption>');
    expect(html).toContain('answered (7 total)');
  });
  it('says when the window is empty', () => {
    expect(
      renderToStaticMarkup(LineChart({ title: 'Codes', x: ['2026-01-01'], series: [{ label: 'PERIOD_MISMATCH', values: [0] }] })),
    ).toContain('nothing recorded');
  });
});
