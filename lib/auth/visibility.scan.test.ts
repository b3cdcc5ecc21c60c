/**
 * Fails when a query in lib/ reads facts, chunks, source tables/cells or manifests without the
 * tenant/ACL predicate of lib/auth/visibility.ts, or reads manifest content (values, candidates, operands,
 * calculations, passages, text) without the read-time redaction (lib/auth/redact-manifest.ts).
 * Monitoring aggregates are not exempt.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBypasses, findUnredactedManifestReads } from './visibility-scan';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Write-side and offline code: it reads protected tables to maintain them, never for a viewer. */
const EXEMPT: [RegExp, string][] = [
  [/^lib\/db\//, 'schema, migrations, seed'],
  [/^lib\/ingest\//, 'ingestion writes and re-labels what it stores'],
  [/^lib\/facts\/write-facts\.ts$/, 'fact store writer'],
  [/^lib\/retrieval\/index-chunks\.ts$/, 'embeds every stored chunk (maintenance job)'],
  [/^lib\/eval\//, 'offline evaluation against a scratch database'],
  [/^lib\/auth\/(visibility|visibility-scan|testing|authorization-matrix\.cases)\.ts$/, 'the predicate itself and test support'],
];

/**
 * Files outside this change's ownership that still use their own predicate; each must switch to the
 * helpers (the test below fails once one no longer bypasses, so this list only shrinks).
 */
const PENDING: Record<string, string> = {};

/** Reads of manifest content that use no source-derived part (each says which part it reads and why that is safe). */
const MANIFEST_CONTENT_EXEMPT: Record<string, string> = {
  'lib/answer/follow-up.ts':
    "reads only answer.clarification (the planner's options and rewrites of the asker's own question), for the asker's own manifest",
};

function libFiles(dir = path.join(ROOT, 'lib'), out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) libFiles(p, out);
    else if (/\.ts$/.test(e.name) && !/\.(test|int\.test|data\.test)\.ts$/.test(e.name) && !e.name.endsWith('.d.ts'))
      out.push(path.relative(ROOT, p).split(path.sep).join('/'));
  }
  return out;
}

describe('tenant/ACL predicate coverage', () => {
  const files = libFiles().filter((f) => !EXEMPT.some(([re]) => re.test(f)));

  it('scans the query modules', () => {
    for (const f of [
      'lib/facts/list-facts.ts',
      'lib/facts/overview.ts',
      'lib/retrieval/lookup-facts.ts',
      'lib/evidence/citation-table.ts',
      'lib/evidence/list-manifests.ts',
      'lib/evidence/manifest-detail.ts',
      'lib/planner/catalog.ts',
    ]) {
      expect(files).toContain(f);
    }
  });

  it('every read of protected tables in lib/ goes through lib/auth/visibility.ts', () => {
    const bypasses: string[] = [];
    for (const f of files) {
      if (f in PENDING) continue;
      for (const b of findBypasses(fs.readFileSync(path.join(ROOT, f), 'utf8'))) bypasses.push(`${f}:${b.line}  ${b.snippet}`);
    }
    expect(bypasses, 'queries that bypass the tenant/ACL predicate').toEqual([]);
  });

  it('every read of manifest content is redacted for the viewer at read time (or aggregated under factVisible)', () => {
    const reads: string[] = [];
    for (const f of files) {
      if (f in MANIFEST_CONTENT_EXEMPT) continue;
      for (const b of findUnredactedManifestReads(fs.readFileSync(path.join(ROOT, f), 'utf8'))) reads.push(`${f}:${b.line}  ${b.snippet}`);
    }
    expect(reads, 'manifest content read without redactManifest').toEqual([]);
    expect(files).toContain('lib/monitoring/counters.ts');
  });

  it('the pending list names only files that still bypass', () => {
    for (const f of Object.keys(PENDING)) {
      const p = path.join(ROOT, f);
      if (!fs.existsSync(p)) continue;
      expect(findBypasses(fs.readFileSync(p, 'utf8')).length, `${f} no longer bypasses: remove it from PENDING`).toBeGreaterThan(0);
    }
  });
});

describe('the manifest content scanner', () => {
  it('flags whole-row or content reads without redaction, raw content reads outside factVisible', () => {
    const bad = [
      'const [row] = await db.select({ m: manifests, userName: users.name }).from(manifests).where(manifestVisible({ tenantId }));',
      'const rows = await db.select().from(manifests).where(manifestVisible(s));',
      'const rows = await db.select({ a: manifests.answer }).from(manifests).where(manifestVisible(s));',
      'const r = await db.execute(sql`select m.operands from manifests m where ${manifestVisible(s, "m")}`);',
    ];
    for (const src of bad) expect(findUnredactedManifestReads(src), src).toHaveLength(1);
  });
  it('accepts metadata reads, redacted reads and aggregates under factVisible', () => {
    const good = [
      'const rows = await db.select({ id: manifests.id, question: manifests.question }).from(manifests).where(manifestVisible(s));',
      'const [row] = await db.select({ m: manifests }).from(manifests).where(manifestVisible(s));\nreturn redactManifest(db, s, row.m);',
      'const r = await db.execute(sql`select count(*) from manifests m join facts f on f.id = m.operands->0->>0 and ${factVisible(s, "f")} where ${manifestVisible(s, "m")}`);',
    ];
    for (const src of good) expect(findUnredactedManifestReads(src), src).toEqual([]);
  });
});

describe('the scanner', () => {
  it('flags raw SQL and builder reads without the predicate', () => {
    const bad = [
      'const r = await db.execute(sql`select * from facts where tenant_id = ${t}`);',
      'const r = await db.execute(sql`select c.text from chunks c join sources s on s.id = c.source_id where c.tenant_id = ${t}`);',
      'const r = await db.select().from(facts).where(eq(facts.tenantId, t));',
      'const r = await db.select().from(entities).innerJoin(manifests, eq(manifests.userId, users.id));',
      'const r = await db.query.sourceCells.findMany({});',
      'const n = sql`(select count(*) from ${facts} where ${facts.entityId} = ${entities.id})`;',
      'const [a, b] = await Promise.all([db.select().from(facts).where(factVisible(s)), db.select().from(chunks).where(eq(chunks.tenantId, t))]);',
    ];
    for (const src of bad) expect(findBypasses(src), src).toHaveLength(1);
  });

  it('accepts reads through the helpers, directly or via variables', () => {
    const good = [
      'const r = await db.execute(sql`select * from facts f where ${factVisible(scope, "f")}`);',
      'const where: SQL[] = [factVisible({ tenantId, role })];\nif (x) where.push(eq(facts.metricId, m));\nconst cond = and(...where);\nconst rows = await db.select().from(facts).where(cond);',
      'const r = await db.select().from(manifests).where(and(eq(manifests.id, id), manifestVisible({ tenantId })));',
      'function q(s) { return sql`select 1 from source_cells c where ${cellVisible(s, "c")}`; }',
      '// a comment: select * from facts\nconst x = 1;',
      "const label = 'rows from facts';",
    ];
    for (const src of good) expect(findBypasses(src), src).toEqual([]);
  });
});
