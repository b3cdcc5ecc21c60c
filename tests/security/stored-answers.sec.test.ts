/**
 * One visibility rule for every stored answer. An outside probe read restricted values through one field
 * the read-time redaction did not list (`values[].version.used.value`, with its fact id and accession) in the
 * manifest API and page, share links and reopened threads; after a revocation a series answer still said
 * "It rose in every year shown." over redacted values. Redaction now walks the whole stored structure
 * (lib/auth/redact-walk.ts).
 *
 * This test asks answers of every kind (a reported value with its version note, a derived ratio with its
 * operands, a comparison table, a series with its trend sentence, a refusal citing facts, narrative quotes,
 * a narrative comparison) in each role's own thread, restricts two sources (ACL to admins, an embargo, a
 * revocation) and reads every route and page that serves stored answer content — manifest JSON and page,
 * share page, reopened thread, CSV and XLSX export, citation popovers, the manifest list, monitoring, and the
 * same question asked again (the answer cache) — as analyst, reviewer, admin and another tenant's admin:
 * the restricted numbers, quotes and derived sentences appear nowhere in the bytes, unless the viewer may see
 * them (an admin under an admin-only ACL: there they must appear).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));
vi.mock('next/headers', async () => {
  const { harness, fakeCookieJar } = await import('@/tests/support/auth');
  return { cookies: async () => fakeCookieJar(), headers: async () => harness.headers };
});
vi.mock('@/lib/server/runtime', async () => {
  const { harness } = await import('@/tests/support/auth');
  return { getDatabase: () => harness.database! };
});
vi.mock('@/lib/server/session', async () => {
  const { harness } = await import('@/tests/support/auth');
  return { getViewer: async () => harness.viewer, mayHaveViewer: async () => harness.viewer !== null };
});

import { inArray, sql } from 'drizzle-orm';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import type { Answer } from '@/lib/answer/types';
import { clearAnswerCache } from '@/lib/answer/cache';
import type { Database } from '@/lib/db/client';
import { chunks, facts, manifests, sources, tenants, users } from '@/lib/db/schema';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { resetRateLimits } from '@/lib/server/limits';
import { harness, OTHER_ADMIN, OTHER_TENANT_ID, viewerFor, type Principal } from '@/tests/support/auth';
import { testTargets } from '@/tests/support/db';
import { answerKinds, sentencesOf, bytesOfPage, xlsxText, type Served } from './support/stored-answers';

import { GET as manifestJson } from '@/app/api/manifests/[id]/route';
import { GET as answerExport } from '@/app/api/exports/answers/[id]/route';
import { GET as citation } from '@/app/api/citations/[factId]/route';
import { POST as ask } from '@/app/api/answers/route';
import ManifestPage from '@/app/(review)/manifests/[id]/page';
import ManifestsPage from '@/app/(review)/manifests/page';
import SharedAnswerPage from '@/app/(analyst)/answers/[id]/page';
import AskPage from '@/app/(analyst)/ask/page';
import MonitoringPage from '@/app/(admin)/admin/monitoring/page';

/** The two sources restricted: one company's latest annual report, another's latest 10-K. */
const RESTRICTED_TITLES = [/Helios Components Ltd — Annual Report 2025-26/, /Northwind Outfitters, Inc\. — Form 10-K for fiscal 2025/];
const ROLES = ['analyst', 'reviewer', 'admin'] as const;
const PRINCIPALS: Principal[] = [...ROLES, 'other-tenant'];
type Kind = 'acl' | 'embargo' | 'revocation';

/** What an answer said that rests on the restricted sources, and what rests only on visible ones. */
interface Tokens {
  restricted: Set<string>;
  visible: Set<string>;
  /** sentences of stored answers derived from restricted values as a whole (not numbers of their own) */
  derived: Set<string>;
}

const numeric = (t: string) => /^\d[\d.]*$/.test(t);
/** Whether `token` occurs in `text` (a number not as part of a longer number). */
function occurs(text: string, token: string): boolean {
  if (!numeric(token)) return text.includes(token);
  const esc = token.replace(/\./g, '\\.');
  return new RegExp(`(?<![\\d.])${esc}(?![\\d]|\\.\\d)`).test(text);
}

/** Every string a value shows or carries as its number: display, base-unit value, the version used and the others. */
function valueTokens(v: Answer['values'][number] | Answer['values'][number]['inputs'][number]): string[] {
  const out = [v.display];
  if (typeof v.value === 'number' && (!Number.isInteger(v.value) || Math.abs(v.value) >= 10_000)) out.push(String(v.value));
  const note = (v as Answer['values'][number]).version;
  if (note) out.push(note.used.value, ...note.others.map((o) => o.value));
  return out.filter((t) => t && t.replace(/\D/g, '').length >= 3);
}

/** Restricted and visible tokens of one stored answer (as asked, before any restriction) and its candidates. */
function tokensOf(
  a: Answer,
  candidates: { id: string; value: string }[],
  hiddenFacts: Set<string>,
  hiddenChunks: Set<string>,
  into: Tokens,
) {
  let anyHidden = false;
  // each number by the facts it rests on: a value's own, each operand's own
  const restsOnHidden = (x: { factIds: string[]; citations: { factId: string }[] }) =>
    [...x.factIds, ...x.citations.map((c) => c.factId)].some((id) => hiddenFacts.has(id));
  for (const v of a.values) {
    const hidden = restsOnHidden(v) || v.inputs.some(restsOnHidden);
    anyHidden ||= hidden;
    for (const t of valueTokens(v)) (hidden ? into.restricted : into.visible).add(t);
    for (const i of v.inputs) for (const t of valueTokens(i)) (restsOnHidden(i) ? into.restricted : into.visible).add(t);
  }
  for (const p of a.passages) {
    const hidden = hiddenChunks.has(p.chunkId);
    anyHidden ||= hidden;
    (hidden ? into.restricted : into.visible).add(p.quote.slice(0, 60));
  }
  for (const c of candidates) if (hiddenFacts.has(c.id) && c.value.replace(/\D/g, '').length >= 5) into.restricted.add(c.value);
  // sentences derived from the values as a whole ("It rose in every year shown."); in an answer resting on
  // visible sources only, the same sentence is nobody's secret
  for (const s of sentencesOf(a.segments)) {
    const text = s
      .map((x) => x.text)
      .join('')
      .trim();
    if (s.every((x) => x.type === 'text') && text.length >= 20) (anyHidden ? into.derived : into.visible).add(text);
  }
}

for (const target of testTargets()) {
  describe(`stored answers × restriction × role × tenant (${target.name})`, () => {
    let d: Database;
    let restrictedSources: string[] = [];
    const tokens: Tokens = { restricted: new Set(), visible: new Set(), derived: new Set() };
    /** per role: the thread it asked in and the manifests of its answers */
    const asked = new Map<(typeof ROLES)[number], { threadId: string; manifestIds: string[]; factIds: string[] }>();
    const questions = answerKinds.map((k) => k.question);

    const as = (p: Principal) => {
      harness.viewer = viewerFor(p);
    };

    /** Everything each route and page serves of the stored answers, for principal `p`. */
    async function served(p: Principal): Promise<Served[]> {
      as(p);
      await resetRateLimits(d.db);
      const out: Served[] = [];
      const admin = asked.get('admin')!;
      const own = p === 'other-tenant' || p === 'anonymous' ? admin : asked.get(p)!;
      const read = async (route: string, res: Response) =>
        out.push({
          route,
          status: res.status,
          text: res.headers.get('content-type')?.includes('sheet') ? await xlsxText(res) : await res.text(),
        });
      // every role reads the admin's answers (share links, manifests, exports) and reopens its own thread
      for (const id of admin.manifestIds) {
        const params = { params: Promise.resolve({ id }) };
        await read(`GET /api/manifests/${id}`, await manifestJson(new Request(`http://localhost/api/manifests/${id}`), params));
        for (const format of ['csv', 'xlsx'])
          await read(
            `export ${format} ${id}`,
            await answerExport(new Request(`http://localhost/api/exports/answers/${id}?format=${format}`), params),
          );
        out.push(await bytesOfPage(`/manifests/${id}`, () => ManifestPage(params)));
        out.push(await bytesOfPage(`/answers/${id}`, () => SharedAnswerPage(params)));
      }
      for (const factId of admin.factIds)
        await read(
          `GET /api/citations/${factId}`,
          await citation(new Request(`http://localhost/api/citations/${factId}`), { params: Promise.resolve({ factId }) }),
        );
      out.push(
        await bytesOfPage(`/ask?thread=${own.threadId}`, () => AskPage({ searchParams: Promise.resolve({ thread: own.threadId }) })),
      );
      out.push(await bytesOfPage('/manifests', () => ManifestsPage({ searchParams: Promise.resolve({}) })));
      out.push(await bytesOfPage('/admin/monitoring', () => MonitoringPage({ searchParams: Promise.resolve({}) })));
      // the same question again: the answer cache (and a recomputation) under the visibility of now
      for (const question of questions) {
        const req = new Request('http://localhost/api/answers', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ question }),
        });
        await read(`POST /api/answers ${question}`, await ask(req, { params: Promise.resolve({}) }));
      }
      return out;
    }

    const leaks = (all: Served[], set: Set<string>) =>
      all.flatMap((s) => [...set].filter((t) => occurs(s.text, t)).map((t) => `${s.route} (${s.status}): ${t}`));
    /** restricted numbers anywhere; derived sentences in what serves stored answers (a new answer may say them of visible data) */
    const restrictedIn = (all: Served[]) => [
      ...leaks(all, tokens.restricted),
      ...leaks(
        all.filter((s) => !s.route.startsWith('POST /api/answers')),
        tokens.derived,
      ),
    ];

    beforeAll(async () => {
      d = await target.open();
      harness.database = Promise.resolve(d);
      await seedDemo(d.db);
      await d.db.insert(tenants).values({ id: OTHER_TENANT_ID, name: 'Other' }).onConflictDoNothing();
      await d.db
        .insert(users)
        .values({ ...OTHER_ADMIN, tenantId: OTHER_TENANT_ID })
        .onConflictDoNothing();
      for (const role of ROLES) {
        as(role);
        const threadId = `stored-${role}-thread`;
        const manifestIds: string[] = [];
        for (const kind of answerKinds) {
          const req = new Request('http://localhost/api/answers', {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ question: kind.question, threadId }),
          });
          const a = (await (await ask(req, { params: Promise.resolve({}) })).json()) as Answer;
          expect(kind.check(a), `${kind.kind}: ${a.status} ${a.text}`).toBe(true);
          manifestIds.push(a.manifestId!);
        }
        asked.set(role, { threadId, manifestIds, factIds: [] });
      }
      const all = await d.db.select({ id: sources.id, title: sources.title }).from(sources);
      restrictedSources = all.filter((s) => RESTRICTED_TITLES.some((re) => re.test(s.title))).map((s) => s.id);
      expect(restrictedSources).toHaveLength(2);
      const hiddenFacts = new Set(
        (await d.db.select({ id: facts.id }).from(facts).where(inArray(facts.sourceId, restrictedSources))).map((r) => r.id),
      );
      const hiddenChunks = new Set(
        (await d.db.select({ id: chunks.id }).from(chunks).where(inArray(chunks.sourceId, restrictedSources))).map((r) => r.id),
      );
      for (const [role, entry] of asked) {
        const rows = await d.db.select().from(manifests).where(inArray(manifests.id, entry.manifestIds));
        for (const m of rows) {
          const a = m.answer as Answer;
          tokensOf(a, m.candidates as { id: string; value: string }[], hiddenFacts, hiddenChunks, tokens);
          entry.factIds.push(...a.values.flatMap((v) => v.factIds));
        }
        asked.set(role, entry);
      }
      // a number shown by a visible value too is not a restricted one
      for (const t of tokens.visible) {
        tokens.restricted.delete(t);
        tokens.derived.delete(t);
      }
      expect(tokens.restricted.size, 'the answers rest on the restricted sources').toBeGreaterThan(8);
      expect(
        [...tokens.derived].some((t) => /rose in every year/.test(t)),
        'a trend sentence is among them',
      ).toBe(true);
    }, 600_000);
    afterAll(async () => {
      harness.viewer = null;
      await d?.close();
    });

    it('before any restriction, every role reads the numbers (the check can fail)', async () => {
      for (const p of ROLES) {
        const all = await served(p);
        expect(leaks(all, tokens.restricted).length, `${p} sees the restricted numbers`).toBeGreaterThan(0);
        expect(leaks(all, tokens.derived).length, `${p} sees the trend sentence`).toBeGreaterThan(0);
      }
      expect(restrictedIn(await served('other-tenant'))).toEqual([]);
    }, 600_000);

    const restrict = async (kind: Kind) => {
      for (const sourceId of restrictedSources) {
        const base = { db: d.db, tenantId: DEMO_TENANT_ID, actorId: 'demo-admin', sourceId, reason: 'stored-answers test' };
        if (kind === 'acl') await setSourceAccess({ ...base, aclRoles: ['admin'], effectiveAt: null });
        if (kind === 'embargo') await setSourceAccess({ ...base, aclRoles: [], effectiveAt: new Date(Date.now() + 86_400_000) });
        if (kind === 'revocation') await revokeSource(base);
      }
    };

    for (const kind of ['acl', 'embargo', 'revocation'] as Kind[]) {
      it(`${kind}: no restricted number, quote or derived sentence in any response of a viewer who may not see it`, async () => {
        await restrict(kind);
        for (const p of PRINCIPALS) {
          const all = await served(p);
          const mayRead = kind === 'acl' && p === 'admin';
          if (mayRead) expect(leaks(all, tokens.restricted).length, 'the admin still reads admin-only values').toBeGreaterThan(0);
          else expect(restrictedIn(all), `${p} after ${kind}`).toEqual([]);
          // what rests on visible sources stays readable: redaction is not all-or-nothing
          if (p !== 'other-tenant') expect(leaks(all, tokens.visible).length, `${p} still reads the visible numbers`).toBeGreaterThan(0);
          expect(
            all.filter((s) => s.status >= 500).map((s) => `${s.route}: ${s.text.slice(0, 200)}`),
            'no route failed',
          ).toEqual([]);
        }
        if (kind === 'embargo') {
          // the embargo passes: the values come back (stored answers are redacted at read time, not rewritten)
          for (const sourceId of restrictedSources)
            await setSourceAccess({
              db: d.db,
              tenantId: DEMO_TENANT_ID,
              actorId: 'demo-admin',
              sourceId,
              aclRoles: [],
              effectiveAt: new Date(Date.now() - 1000),
              reason: 'embargo over',
            });
          clearAnswerCache(d.db);
          expect(leaks(await served('analyst'), tokens.restricted).length, 'visible again after the embargo').toBeGreaterThan(0);
        }
      }, 600_000);
    }

    it('the stored rows themselves still hold what was shown (redaction happens at read time)', async () => {
      const rows = await d.db.execute(sql`select count(*)::int as n from manifests where answer::text like '%version%'`);
      expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThan(0);
    });
  });
}
