import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import {
  insertMarkers,
  renderedHtmlSource,
  sanitizeFiling,
  sanitizeFilingInSlices,
  xbrlContexts,
  xbrlContextsInChunks,
} from './source-view';

const filing = `<html><head><title>x</title><script>alert(1)</script></head><body>
<div style="display:none"><ix:header><ix:resources>
<xbrli:context id="c-1"><xbrli:entity><xbrli:identifier scheme="s">1</xbrli:identifier><xbrli:segment><xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">aapl:IPhoneMember</xbrldi:explicitMember></xbrli:segment></xbrli:entity><xbrli:period><xbrli:startDate>2024-09-29</xbrli:startDate><xbrli:endDate>2025-06-28</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="c-2"><xbrli:period><xbrli:instant>2025-06-28</xbrli:instant></xbrli:period></xbrli:context>
</ix:resources></ix:header></div>
<p onclick="evil()">Net sales grew.</p>
<table><tr><td style="text-align:right;background:url(javascript:x)">$<ix:nonFraction name="us-gaap:Revenues" contextRef="c-1" unitRef="usd" scale="6" decimals="-6">94,036</ix:nonFraction></td></tr></table>
<a href="https://evil.example">link</a></body></html>`;

/** The splice-one-marker-at-a-time insertion the one-pass version replaced: the reference it must equal. */
function insertOneByOne(html: string, markers: { at: number; attr?: string; html?: string }[]): string {
  const sorted = [...markers].filter((m) => m.at >= 0 && m.at <= html.length).sort((a, b) => b.at - a.at);
  let out = html;
  for (const m of sorted) {
    if (m.attr) {
      const tag = /^<([a-zA-Z][\w:.-]*)/.exec(out.slice(m.at, m.at + 64));
      if (!tag) continue;
      const pos = m.at + tag[0].length;
      out = `${out.slice(0, pos)} ${m.attr}${out.slice(pos)}`;
    } else if (m.html) {
      out = `${out.slice(0, m.at)}${m.html}${out.slice(m.at)}`;
    }
  }
  return out;
}

describe('source viewer HTML', () => {
  it('inserts markers in one pass exactly as inserting them one by one from the end did', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const body = Array.from({ length: 200 }, (_, i) => `<tr><td style="x">${i}</td><td>v${i}</td></tr>`).join('\n');
    const html = `<table>${body}</table>`;
    const starts = [...html.matchAll(/<td/g)].map((m) => m.index!);
    for (let round = 0; round < 50; round++) {
      const markers: { at: number; attr?: string; html?: string }[] = [];
      // cells first, then passages (as sourceMarkers lists them); offsets repeat, some are not element starts
      for (let i = 0; i < 40; i++)
        markers.push({ at: rnd(3) ? starts[rnd(starts.length)]! : rnd(html.length + 5) - 2, attr: `data-ll-cell="c${i}"` });
      for (let i = 0; i < 20; i++) {
        const a = rnd(3) ? starts[rnd(starts.length)]! : rnd(html.length);
        markers.push(
          { at: a, html: `<span data-ll-mark="s-${i}"></span>` },
          { at: Math.min(html.length, a + rnd(80)), html: `<span data-ll-mark="e-${i}"></span>` },
        );
      }
      expect(insertMarkers(html, markers)).toBe(insertOneByOne(html, markers));
    }
  });
  it('inserts attribute markers only where an element starts, and passage markers anywhere', () => {
    const td = filing.indexOf('<td');
    const p = filing.indexOf('Net sales');
    const out = insertMarkers(filing, [
      { at: td, attr: 'data-ll-cell="cell1" data-ll-fact="f1"' },
      { at: p, attr: 'data-ll-cell="nope"' },
      { at: p, html: '<span data-ll-mark="s-ch1"></span>' },
      { at: p + 'Net sales grew.'.length, html: '<span data-ll-mark="e-ch1"></span>' },
    ]);
    expect(out).toContain('<td data-ll-cell="cell1" data-ll-fact="f1" style=');
    expect(out).not.toContain('nope');
    expect(out).toContain('<span data-ll-mark="s-ch1"></span>Net sales grew.<span data-ll-mark="e-ch1"></span>');
  });
  it('sanitizes: no scripts, handlers, links or url() styles; inline XBRL facts become annotated spans', () => {
    const html = sanitizeFiling(insertMarkers(filing, [{ at: filing.indexOf('<td'), attr: 'data-ll-cell="cell1"' }]));
    expect(html).not.toMatch(/script|alert|onclick|evil|href|url\(/i);
    expect(html).not.toContain('2024-09-29'); // the hidden header is not rendered as text
    expect(html).toContain('data-ll-cell="cell1"');
    expect(html).toMatch(
      /<span data-ix-name="us-gaap:Revenues" data-ix-context="c-1" data-ix-unit="usd" data-ix-scale="6" data-ix-decimals="-6">94,036<\/span>/,
    );
    expect(html).toContain('<p>Net sales grew.</p>');
  });
  it('reads XBRL contexts with periods and dimensions', () => {
    expect(xbrlContexts(filing)).toEqual([
      { id: 'c-1', period: '2024-09-29 to 2025-06-28', dimensions: [{ axis: 'srt:ProductOrServiceAxis', member: 'aapl:IPhoneMember' }] },
      { id: 'c-2', period: 'as of 2025-06-28', dimensions: [] },
    ]);
  });
  it('reads the same XBRL contexts when the filing is parsed in chunks (chunk ends inside tags, entities and dates)', async () => {
    for (const size of [1, 7, 50, 10_000]) expect(await xbrlContextsInChunks(filing, size)).toEqual(xbrlContexts(filing));
  });
  it('sanitizes in slices to the same bytes as in one call', async () => {
    const marked = insertMarkers(filing, [{ at: filing.indexOf('<td'), attr: 'data-ll-cell="cell1"' }]);
    expect(await sanitizeFilingInSlices(marked.repeat(300))).toBe(sanitizeFiling(marked.repeat(300)));
  });
  it('renders a source once when it is asked for again while rendering, and at most two sources at once', async () => {
    // a database whose every read waits until released and finds nothing (the render ends with null)
    const started: (() => void)[] = [];
    const db = { execute: () => new Promise((resolve) => started.push(() => resolve({ rows: [] }))) } as unknown as Db;
    const scope = { tenantId: 't-render-test', role: 'admin' as const };
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const a1 = renderedHtmlSource(db, scope, 'src-a');
    const a2 = renderedHtmlSource(db, scope, 'src-a');
    const b = renderedHtmlSource(db, scope, 'src-b');
    const c = renderedHtmlSource(db, scope, 'src-c');
    await tick();
    expect(started.length).toBe(2); // src-a once (the second request awaits it), src-b; src-c waits for a slot
    started.splice(0).forEach((go) => go());
    expect(await a1).toBeNull();
    expect(await a2).toBeNull();
    expect(await b).toBeNull();
    await tick();
    expect(started.length).toBe(1); // src-c got a slot
    started.splice(0).forEach((go) => go());
    expect(await c).toBeNull();
    // (nothing is cached for a source that is not visible: asked again, it is read again)
    const again = renderedHtmlSource(db, scope, 'src-a');
    await tick();
    expect(started.length).toBe(1);
    started.splice(0).forEach((go) => go());
    expect(await again).toBeNull();
  });
});
