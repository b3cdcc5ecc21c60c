/**
 * The three narrative pathways end to end on real filings ($SEC_DATA_DIR/filings-ixbrl): Apple's and
 * NVIDIA's 10-Ks and NVIDIA's 10-Q with their companyfacts, planned by the narrative classifier and
 * answered by answerNarrative. Fails (does not pass empty) when the data is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { secDataDir } from '@/lib/data-dir';
import { ingestFile } from '@/lib/ingest/ingest-file';
import { createSideFiles } from '@/lib/ingest/side-files';
import { loadEntityCatalog } from '@/lib/planner/catalog';
import { planNarrative } from '@/lib/planner/narrative';
import { indexChunks } from '@/lib/retrieval/index-chunks';
import { answerNarrative } from './answer-narrative';

const data = secDataDir();
const files = [
  'sec-companyfacts/CIK0000320193_AAPL_companyfacts.json',
  'sec-companyfacts/CIK0001045810_NVDA_companyfacts.json',
  'filings-ixbrl/aapl-10-k-2024-11-01.html',
  'filings-ixbrl/nvda-10-k-2025-02-26.html',
  'filings-ixbrl/nvda-10-q-2025-08-27.html',
];
const T = 'narr-data';

describe('narrative answers on real 10-Ks and a 10-Q', () => {
  let d: Database;
  beforeAll(async () => {
    for (const f of files) expect(fs.existsSync(path.join(data, f)), `${f} is missing under ${data}`).toBe(true);
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
    const sideFiles = createSideFiles();
    for (const f of files) expect((await ingestFile(path.join(data, f), { db: d.db, tenantId: T, sideFiles })).status).toBe('ok');
    await indexChunks(d.db);
  });
  afterAll(async () => {
    await d?.close();
  });
  const ask = async (q: string) => {
    const plan = planNarrative(q, { catalog: await loadEntityCatalog(d.db, T) });
    if (plan.status !== 'planned_narrative') throw new Error(`${q}: ${plan.status}`);
    return answerNarrative({
      db: d.db,
      tenantId: T,
      role: 'analyst',
      narrative: plan.narrative,
      trace: { lookups: [], calculations: [] },
      question: q,
    });
  };

  it('detail: whole sentences from the right item, each labelled with its heading and filing', async () => {
    const a = await ask("What does NVIDIA's fiscal 2025 10-K say about supply and manufacturing lead times?");
    expect(a.status).toBe('answered');
    expect(a.text).toMatch(/manufacturing lead times/);
    expect(a.passages.every((p) => p.entity.ticker === 'NVDA' && p.fiscalYear === 2025 && p.form === '10-K')).toBe(true);
    expect(a.passages.some((p) => p.section === 'Item 1A' && /lead times/.test(p.heading ?? ''))).toBe(true);
    // never a quote cut inside a number
    expect(a.passages.some((p) => /\d\.$/.test(p.quote) && !/\d{4}\.$/.test(p.quote))).toBe(false);
    expect(a.narrative?.check.removed).toEqual([]);
  });

  it('comparison: a side-by-side cybersecurity table, one column per company, every cell cited or "not disclosed"', async () => {
    const a = await ask('Compare the cybersecurity risk disclosures of Apple and NVIDIA in their latest 10-K filings.');
    expect(a.status).toBe('answered');
    const t = a.narrative!.table!;
    expect(t.columns.map((c) => c.label)).toEqual([
      expect.stringMatching(/^Apple.*10-K FY2024/),
      expect.stringMatching(/^NVIDIA.*10-K FY2025/),
    ]);
    expect(t.rows.length).toBeGreaterThanOrEqual(3);
    for (const r of t.rows) {
      r.cells.forEach((c, i) => {
        expect(c.notDisclosed || c.passageIds.length > 0).toBe(true);
        for (const id of c.passageIds) expect(a.passages.find((p) => p.id === id)?.entity.id).toBe(t.columns[i]!.entityId);
      });
    }
  });

  it('longitudinal: year anchors and a redline between the 10-K and the later 10-Q', async () => {
    const a = await ask("How did NVIDIA's export control disclosures change between its fiscal 2025 10-K and its latest 10-Q?");
    expect(a.status).toBe('answered');
    expect(a.text).toMatch(/10-K FY2025.*10-Q FY2026/);
    const rl = a.narrative!.redlines[0]!;
    expect([rl.from, rl.to]).toEqual([expect.stringMatching(/^10-K FY2025/), expect.stringMatching(/^10-Q FY2026/)]);
    // aligned against every sentence of both filings: the 10-Q's H20 wording is new or a rewording of a 10-K sentence, cited to the 10-Q
    expect(rl.basis!.afterSentences).toBeGreaterThan(100);
    const h20 = rl.entries.find(
      (e) => (e.kind === 'added' || e.kind === 'modified') && /H20/.test(a.passages.find((p) => p.id === e.afterPassageId)?.quote ?? ''),
    );
    expect(h20).toBeDefined();
    expect(a.passages.find((p) => p.id === h20!.afterPassageId)).toMatchObject({ form: '10-Q', fiscalYear: 2026 });
    if (h20!.kind === 'modified')
      expect(a.passages.find((p) => p.id === h20!.beforePassageId)).toMatchObject({ form: '10-K', fiscalYear: 2025 });
    expect(a.narrative?.check.removed).toEqual([]);
  });

  it('answers first: at most 250 words of cited sentences, each pathway', async () => {
    for (const q of [
      "What does NVIDIA's fiscal 2025 10-K say about supply and manufacturing lead times?",
      'Compare the cybersecurity risk disclosures of Apple and NVIDIA in their latest 10-K filings.',
      "How did NVIDIA's export control disclosures change between its fiscal 2025 10-K and its latest 10-Q?",
    ]) {
      const a = await ask(q);
      expect(a.text.split(/\s+/).length, q).toBeLessThanOrEqual(250);
      // every quote in the text is a cited passage, followed by its source number
      for (const s of a.segments) if (s.type === 'passage') expect(a.passages.some((p) => p.id === s.passageId)).toBe(true);
      expect(a.text).toMatch(/” \[\d+\]/);
    }
  });

  it('says a filing does not discuss what it does not, naming its closest section, and quotes nothing', async () => {
    const a = await ask("What does Apple's fiscal 2024 10-K say about the Rubin platform?");
    expect(a.status).toBe('insufficient_evidence');
    expect(a.passages).toEqual([]);
    expect(a.text).toMatch(
      /^Apple Inc\.’s 10-K FY2024, filed 2024-11-01 does not discuss “[^”]*rubin[^”]*”; the closest section it has is Item/,
    );
  });

  it('abstains on a filing that is not held instead of quoting another year', async () => {
    const a = await ask("What did NVIDIA's fiscal 2023 10-K say about export controls?");
    expect(a.status).toBe('insufficient_evidence');
    expect(a.passages).toEqual([]);
    expect(a.errors.map((e) => e.code)).toContain('MISSING_FILING');
  });
});
