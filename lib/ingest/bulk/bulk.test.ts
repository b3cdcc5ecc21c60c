import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCompanyFacts } from '../companyfacts';
import { copyBytes, copyField, CopyArena } from './copy-inserter';
import { indexesToDefer, keyWidth, rebuildIndexes } from './deferred-indexes';
import { entryKey, progressLine } from './ingest-archive';
import { syntheticCompanyFacts, syntheticCompanyName, writeSyntheticArchive } from './synthetic-archive';
import { openArchive } from './zip-read';
import { ZipWriter } from './zip-write';

describe('COPY text fields', () => {
  it('escapes backslash, tab, newline and carriage return, and writes null as \\N', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField(12)).toBe('12');
    expect(copyField({ a: 'x\ny', b: '\\' }, true)).toBe('{"a":"x\\\\ny","b":"\\\\\\\\"}');
    expect(copyField({}, true)).toBe('{}');
  });
});

describe('COPY text arena', () => {
  const lines = (n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => `${tag}${i}\t${'é'.repeat(i % 7)}\t${'x'.repeat(i % 50)}\n`);
  it('stores the same bytes as copyBytes, in views of its segments, across segment ends', () => {
    const arena = new CopyArena(1000);
    const a = lines(200, 'a');
    const b = lines(300, 'b');
    const va = arena.append(a);
    const vb = arena.append(b);
    expect(Buffer.concat(va).toString('utf8')).toBe(a.join(''));
    expect(Buffer.concat(vb).toString('utf8')).toBe(b.join(''));
    expect(Buffer.concat(vb)).toEqual(Buffer.concat(copyBytes(b)));
    expect(va.length).toBeGreaterThan(1);
    for (const v of [...va, ...vb]) expect(v.length).toBeLessThanOrEqual(1000);
    // a line longer than a segment gets a segment of its own
    const long = [`${'y'.repeat(2500)}\n`, 'z\n'];
    expect(Buffer.concat(arena.append(long)).toString('utf8')).toBe(long.join(''));
  });
  it('reuses its segments after reset: memory stays flat from batch to batch', () => {
    const arena = new CopyArena(4096);
    arena.append(lines(500, 'a'));
    const held = arena.capacity;
    for (let round = 0; round < 20; round++) {
      arena.reset();
      const l = lines(500, `r${round}`);
      expect(Buffer.concat(arena.append(l)).toString('utf8')).toBe(l.join(''));
    }
    expect(arena.capacity).toBe(held);
  });
});

describe('indexes deferred for an initial load', () => {
  const ix = (index_name: string, table_name: string, ...columns: string[]) => ({
    index_name,
    table_name,
    columns,
    definition: `CREATE INDEX ${index_name} …`,
  });
  it('keeps the chain index and the narrowest entity index of each table, and defers the rest', () => {
    const all = [
      ix('facts_id_idx', 'facts', 'id'),
      ix('facts_lookup_idx', 'facts', 'tenant_id', 'entity_id', 'metric_id', 'end_date'),
      ix('facts_bucket_idx', 'facts', 'entity_id', 'fiscal_year'),
      ix('facts_concept_idx', 'facts', 'entity_id', 'concept', 'end_date'),
      ix('facts_chain_idx', 'facts', 'entity_id', 'chain_key', 'version'),
      ix('facts_source_idx', 'facts', 'source_id'),
      ix('fact_sightings_source_idx', 'fact_sightings', 'source_id'),
    ];
    expect(indexesToDefer(all).map((i) => i.index_name)).toEqual([
      'facts_id_idx',
      'facts_lookup_idx',
      'facts_concept_idx',
      'facts_source_idx',
      'fact_sightings_source_idx',
    ]);
    // a table whose primary key leads with entity_id keeps no secondary entity index
    expect(indexesToDefer(all, new Set(['facts'])).map((i) => i.index_name)).toEqual([
      'facts_id_idx',
      'facts_lookup_idx',
      'facts_bucket_idx',
      'facts_concept_idx',
      'facts_source_idx',
      'fact_sightings_source_idx',
    ]);
    // with two entity indexes of the same width, the first by name stays
    expect(
      indexesToDefer([ix('b_idx', 'facts', 'entity_id', 'x'), ix('a_idx', 'facts', 'entity_id', 'y')]).map((i) => i.index_name),
    ).toEqual(['b_idx']);
  });
});

describe('index rebuild beside the closing ANALYZE', () => {
  /** a fake connection: every statement takes a few ms; builds and analyses are logged with their span */
  function fakeConns(n: number, pending: { index_name: string; table_name: string; columns?: string }[]) {
    const queue = pending.map(({ columns, ...p }) => ({
      ...p,
      definition: `CREATE INDEX ${p.index_name} ON ONLY public.${p.table_name} USING btree (${columns ?? p.index_name})`,
    }));
    const spans: { what: string; table: string; from: number; to: number }[] = [];
    let clock = 0;
    const conns = Array.from({ length: n }, () => ({
      db: null as never,
      async query<T>(text: string): Promise<T[]> {
        if (text.startsWith('select index_name')) return queue.splice(0) as T[];
        const m = /^CREATE INDEX (\S+) ON public\.(\S+)/.exec(text);
        if (m) {
          const from = clock++;
          await new Promise((r) => setTimeout(r, 5));
          spans.push({ what: m[1]!, table: m[2]!, from, to: clock++ });
        }
        return [];
      },
    }));
    return { conns, spans, tick: () => clock++ };
  }

  it('never builds two indexes of a table on the same columns at once (their partitions would get the same generated name)', async () => {
    const { conns, spans } = fakeConns(2, [
      { index_name: 'facts_dims_entity_idx', table_name: 'facts', columns: 'tenant_id, entity_id' },
      { index_name: 'facts_split_idx', table_name: 'facts', columns: 'tenant_id, entity_id' },
      { index_name: 'facts_id_idx', table_name: 'facts', columns: 'id' },
      { index_name: 'fs_a', table_name: 'fact_sightings', columns: 'tenant_id, entity_id' },
    ]);
    const r = await rebuildIndexes(conns[0]!, undefined, conns.slice(1));
    expect(r.rebuilt.length).toBe(4);
    const a = spans.find((x) => x.what === 'facts_dims_entity_idx')!;
    const b = spans.find((x) => x.what === 'facts_split_idx')!;
    expect(a.to < b.from || b.to < a.from).toBe(true);
    // other columns, or another table, still build side by side
    const overlaps = (x: (typeof spans)[number], y: (typeof spans)[number]) => !(x.to < y.from || y.to < x.from);
    expect(spans.some((x) => spans.some((y) => x !== y && overlaps(x, y)))).toBe(true);
  });

  it('builds every index and runs every task, never a task beside a build or task of its table', async () => {
    const { conns, spans, tick } = fakeConns(2, [
      { index_name: 'fs_a', table_name: 'fact_sightings' },
      { index_name: 'f_a', table_name: 'facts' },
      { index_name: 'f_b', table_name: 'facts' },
      { index_name: 'f_c', table_name: 'facts' },
    ]);
    const task = (table: string, ms: number) => ({
      table,
      label: `analyze ${table}`,
      run: async () => {
        const from = tick();
        await new Promise((r) => setTimeout(r, ms));
        spans.push({ what: `analyze ${table}`, table, from, to: tick() });
      },
    });
    const r = await rebuildIndexes(conns[0]!, undefined, conns.slice(1), [
      task('facts', 30),
      task('fact_sightings', 10),
      task('sources', 1),
    ]);
    expect([...r.rebuilt].sort()).toEqual(['f_a', 'f_b', 'f_c', 'fs_a']);
    expect(spans.map((x) => x.what).sort()).toEqual([
      'analyze fact_sightings',
      'analyze facts',
      'analyze sources',
      'f_a',
      'f_b',
      'f_c',
      'fs_a',
    ]);
    for (const a of spans.filter((x) => x.what.startsWith('analyze'))) {
      for (const b of spans) {
        if (b === a || b.table !== a.table) continue;
        // no overlap of the two spans
        expect(a.to < b.from || b.to < a.from).toBe(true);
      }
    }
    // facts' analyze went first, beside fact_sightings' work
    const first = spans.find((x) => x.what === 'analyze facts')!;
    expect(spans.find((x) => x.what === 'fs_a')!.from).toBeLessThan(first.to);
  });

  it('reads the key width of an index definition', () => {
    expect(
      keyWidth(
        "CREATE INDEX facts_concept_catalog_idx ON ONLY public.facts USING btree (tenant_id, entity_id, concept, period_type, source_id) WHERE ((status = 'active'::text))",
      ),
    ).toBe(5);
    expect(keyWidth('CREATE INDEX facts_id_idx ON ONLY public.facts USING btree (id)')).toBe(1);
  });

  it('runs the tasks when nothing is pending, and stops at the first failure', async () => {
    const { conns } = fakeConns(2, []);
    let ran = 0;
    await rebuildIndexes(
      conns[0]!,
      undefined,
      conns.slice(1),
      [1, 2, 3].map((i) => ({ table: `t${i}`, label: `t${i}`, run: async () => void ran++ })),
    );
    expect(ran).toBe(3);
    const boom = { table: 'x', label: 'x', run: async () => Promise.reject(new Error('boom')) };
    await expect(
      rebuildIndexes(conns[0]!, undefined, conns.slice(1), [boom, { table: 'x', label: 'y', run: async () => void ran++ }]),
    ).rejects.toThrow('boom');
    expect(ran).toBe(3);
  });
});

describe('zip writer and reader', () => {
  it('round-trips entries with their CRC-32 and sizes, reading one at a time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-zip-'));
    try {
      const file = path.join(dir, 'a.zip');
      const z = new ZipWriter(file);
      z.add('CIK0000000001.json', '{"a":1}');
      z.add('dir/CIK0000000002.json', Buffer.from('x'.repeat(100_000)));
      z.add('empty.json', '');
      z.close();
      const a = await openArchive(file);
      expect(a.entryCount).toBe(3);
      const got: [string, string, number, number][] = [];
      for await (const e of a.entries()) got.push([e.fileName, e.crc32, e.uncompressedSize, (await e.read()).length]);
      a.close();
      expect(got.map((g) => [g[0], g[2], g[3]])).toEqual([
        ['CIK0000000001.json', 7, 7],
        ['dir/CIK0000000002.json', 100_000, 100_000],
        ['empty.json', 0, 0],
      ]);
      expect(got[0]![1]).toMatch(/^[0-9a-f]{8}$/);
      expect(got[2]![1]).toBe('00000000');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a file that is not a zip with an error, not a hang', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-zip-'));
    try {
      const file = path.join(dir, 'not.zip');
      fs.writeFileSync(file, 'not a zip at all');
      await expect(openArchive(file)).rejects.toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('synthetic companyfacts archive', () => {
  it('is deterministic, parses as companyfacts, and has comparatives and restatements', () => {
    const a = syntheticCompanyFacts(3, { years: 5, seed: 2 });
    expect(syntheticCompanyFacts(3, { years: 5, seed: 2 })).toEqual(a);
    expect(syntheticCompanyFacts(3, { years: 5, seed: 3 }).json).not.toBe(a.json);
    expect(a.fileName).toBe('CIK0008000003.json');
    const cf = parseCompanyFacts(a.json, a.fileName);
    expect(cf.cik).toBe('0008000003');
    expect(cf.facts.length).toBe(a.entries);
    expect(cf.evidence.annual.length).toBe(5);
    // the same period reported twice (10-K comparative): a second sighting
    const keys = cf.facts.filter((f) => f.concept === 'us-gaap:Revenues' && f.form === '10-K').map((f) => JSON.stringify(f.period));
    expect(new Set(keys).size).toBeLessThan(keys.length);
  });

  it('gives unique names to 20,000 companies', () => {
    const names = new Set(Array.from({ length: 20_000 }, (_, i) => syntheticCompanyName(i)));
    expect(names.size).toBe(20_000);
  });

  it('writes N entries named by CIK', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-synth-'));
    try {
      const file = path.join(dir, 'cf.zip');
      const r = writeSyntheticArchive(file, { companies: 3, years: 2, first: 10 });
      expect(r.companies).toBe(3);
      const a = await openArchive(file);
      const names: string[] = [];
      for await (const e of a.entries()) names.push(e.fileName);
      a.close();
      expect(names).toEqual(['CIK0008000010.json', 'CIK0008000011.json', 'CIK0008000012.json']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('progress', () => {
  it('keys entries by CIK and prints one line', () => {
    expect(entryKey('CIK0000320193.json')).toBe('0000320193');
    expect(entryKey('x/CIK320193_AAPL_companyfacts.json')).toBe('0000320193');
    expect(entryKey('other.json')).toBe('other.json');
    expect(
      progressLine({
        entries: 10,
        done: 5,
        skipped: 1,
        failed: 0,
        factsSeen: 12345,
        factsAdded: 12000,
        seconds: 1,
        factsPerSecond: 12345,
        rssMb: 100,
        last: null,
      }),
    ).toBe('5/10 companies (50%)  12,345 facts  12,345 facts/s  0 failed  1 skipped  RSS 100 MB');
  });
});
