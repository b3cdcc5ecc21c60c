/**
 * Rows of the authorization matrix (authorization-matrix.int.test.ts): one per route handler and
 * server action, with the expected outcome for each principal. `not_found`: the caller has the role
 * but the resource belongs to another tenant, so it does not exist for them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entities, entityAliases, facts, sources, users, type Role } from '@/lib/db/schema';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { writeFacts } from '@/lib/facts/write-facts';
import type { Principal } from './support/auth';

export type Outcome = 'allow' | 'deny' | 'not_found';

export interface MatrixIds {
  manifestId: string;
  factId: string;
  entityId: string;
  /** a source the admin row revokes */
  revocableSourceId: string;
  /** a source whose access the admin row sets (to what it was) */
  sourceId: string;
  quarantinedFactId: string;
  /** a demo-tenant account the admin row updates */
  userId: string;
}

export interface MatrixCase {
  /** `<file under app/>#<export>` */
  id: string;
  expect: Record<Principal, Outcome>;
  call(ids: MatrixIds): Promise<unknown>;
}

const rank: Record<Role, number> = { analyst: 0, reviewer: 1, admin: 2 };

const PUBLIC: Record<Principal, Outcome> = {
  anonymous: 'allow',
  analyst: 'allow',
  reviewer: 'allow',
  admin: 'allow',
  'other-tenant': 'allow',
};
const NOBODY_FINDS: Record<Principal, Outcome> = {
  anonymous: 'not_found',
  analyst: 'not_found',
  reviewer: 'not_found',
  admin: 'not_found',
  'other-tenant': 'not_found',
};

/** Needs `role`; `ownTenantResource`: the call names a resource of the demo tenant. */
function needs(role: Role, ownTenantResource: boolean): Record<Principal, Outcome> {
  const at = (r: Role): Outcome => (rank[r] >= rank[role] ? 'allow' : 'deny');
  return {
    anonymous: 'deny',
    analyst: at('analyst'),
    reviewer: at('reviewer'),
    admin: at('admin'),
    'other-tenant': ownTenantResource ? 'not_found' : 'allow',
  };
}

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const json = (url: string, body: unknown, method = 'POST') =>
  new Request(`http://localhost${url}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const get = (url: string) => new Request(`http://localhost${url}`);
const params = <T>(p: T) => ({ params: Promise.resolve(p) });

/** Demo-tenant rows the admin rows below act on. */
export async function adminFixtures(db: Db, ids: MatrixIds): Promise<void> {
  const [helios] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.tenantId, DEMO_TENANT_ID), eq(entities.ticker, 'HELIOS')))
    .limit(1);
  ids.entityId = helios!.id;
  await db
    .insert(entityAliases)
    .values({ tenantId: DEMO_TENANT_ID, entityId: helios!.id, alias: 'Matrix Alias', normalized: 'matrix alias', kind: 'abbreviation' });
  const [src] = await db.select().from(sources).where(eq(sources.entityId, helios!.id)).limit(1);
  ids.sourceId = src!.id;
  ids.revocableSourceId = 'b'.repeat(64);
  await db.insert(sources).values({
    id: ids.revocableSourceId,
    tenantId: DEMO_TENANT_ID,
    entityId: helios!.id,
    kind: 'manual',
    title: 'Matrix source',
    sha256: 'matrix',
    byteSize: 1,
    extractorVersion: 'test',
  });
  await writeFacts(db, [
    {
      tenantId: DEMO_TENANT_ID,
      entityId: helios!.id,
      metricId: null,
      concept: 'ind-as:ExceptionalItems',
      value: '42',
      unit: 'INR',
      currency: 'INR',
      scale: 0,
      decimals: 0,
      period: { type: 'duration', start: '2025-04-01', end: '2026-03-31' },
      fiscalYear: 2026,
      fiscalPeriod: 'FY',
      scope: 'consolidated',
      dimensions: {},
      accountingStandard: 'ind-as',
      provenance: {},
      status: 'quarantined',
      quarantineReason: 'METRIC_UNMAPPED',
      sighting: { sourceId: ids.sourceId, accession: null, form: null, filedAt: '2026-05-01', labels: {} },
    },
  ]);
  const [q] = await db
    .select()
    .from(facts)
    .where(and(eq(facts.concept, 'ind-as:ExceptionalItems'), eq(facts.tenantId, DEMO_TENANT_ID)))
    .limit(1);
  ids.quarantinedFactId = q!.id;
  const [u] = await db.select().from(users).where(eq(users.email, 'analyst@matrix.example')).limit(1);
  ids.userId = u!.id;
}

const FIXTURE = path.resolve(import.meta.dirname, '../lib/ingest/__fixtures__/CIK0000000043_BADV_companyfacts.json');

export function matrixCases(_ids: MatrixIds): MatrixCase[] {
  const admin = needs('admin', false);
  const adminOnOwn = needs('admin', true);
  return [
    {
      id: 'app/api/health/route.ts#GET',
      expect: PUBLIC,
      call: async () => (await import('@/app/api/health/route')).GET(),
    },
    {
      id: 'app/favicon.ico/route.ts#GET',
      expect: PUBLIC,
      call: async () => (await import('@/app/favicon.ico/route')).GET(get('/favicon.ico')),
    },
    {
      id: 'app/api/answers/route.ts#POST',
      expect: needs('analyst', false),
      call: async () =>
        (await import('@/app/api/answers/route')).POST(json('/api/answers', { question: 'What was Helios revenue in FY2026?' }), {}),
    },
    {
      id: 'app/api/citations/[factId]/route.ts#GET',
      expect: needs('analyst', true),
      call: async (ids) =>
        (await import('@/app/api/citations/[factId]/route')).GET(get(`/api/citations/${ids.factId}`), params({ factId: ids.factId })),
    },
    {
      id: 'app/api/manifests/[id]/route.ts#GET',
      expect: needs('reviewer', true),
      call: async (ids) =>
        (await import('@/app/api/manifests/[id]/route')).GET(get(`/api/manifests/${ids.manifestId}`), params({ id: ids.manifestId })),
    },
    {
      id: 'app/api/exports/answers/[id]/route.ts#GET',
      expect: needs('analyst', true),
      call: async (ids) =>
        (await import('@/app/api/exports/answers/[id]/route')).GET(
          get(`/api/exports/answers/${ids.manifestId}?format=csv`),
          params({ id: ids.manifestId }),
        ),
    },
    {
      id: 'app/api/exports/facts/route.ts#GET',
      expect: needs('analyst', false),
      call: async () => (await import('@/app/api/exports/facts/route')).GET(get('/api/exports/facts?format=csv'), {}),
    },
    {
      id: 'app/api/sources/[id]/document/route.ts#GET',
      expect: needs('analyst', true),
      call: async (ids) =>
        (await import('@/app/api/sources/[id]/document/route')).GET(
          get(`/api/sources/${ids.sourceId}/document`),
          params({ id: ids.sourceId }),
        ),
    },
    {
      // pdf.js's worker script from the installed library: no data, served to anyone
      id: 'app/api/pdf-worker/route.ts#GET',
      expect: PUBLIC,
      call: async () => (await import('@/app/api/pdf-worker/route')).GET(),
    },
    // an /api address no route serves: the same typed 404 for everyone, whatever the method
    ...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
      id: `app/api/[...path]/route.ts#${method}`,
      expect: NOBODY_FINDS,
      call: async () =>
        (await import('@/app/api/[...path]/route'))[method](
          method === 'GET' ? get('/api/no-such-route') : json('/api/no-such-route', { question: 'x' }, method),
        ),
    })),
    {
      // a conversation is its owner's alone: for every other signed-in user it does not exist
      id: 'app/(analyst)/ask/actions.ts#renameThreadAction',
      expect: { anonymous: 'deny', analyst: 'not_found', reviewer: 'not_found', admin: 'not_found', 'other-tenant': 'not_found' },
      call: async () => (await import('@/app/(analyst)/ask/actions')).renameThreadAction('matrix-thread-nobody', 'x'),
    },
    {
      id: 'app/(analyst)/ask/actions.ts#deleteThreadAction',
      expect: { anonymous: 'deny', analyst: 'not_found', reviewer: 'not_found', admin: 'not_found', 'other-tenant': 'not_found' },
      call: async () => (await import('@/app/(analyst)/ask/actions')).deleteThreadAction('matrix-thread-nobody'),
    },
    {
      id: 'app/actions.ts#switchDemoRole',
      expect: PUBLIC,
      call: async () => (await import('@/app/actions')).switchDemoRole('admin'),
    },
    {
      id: 'app/actions.ts#signOutAction',
      expect: PUBLIC,
      call: async () => (await import('@/app/actions')).signOutAction(),
    },
    {
      id: 'app/sign-in/actions.ts#signInAction',
      expect: PUBLIC,
      call: async () =>
        (await import('@/app/sign-in/actions')).signInAction(null, form({ email: 'nobody@example.com', password: 'wrong-password-1' })),
    },
    {
      id: 'app/(review)/manifests/[id]/actions.ts#recordVerdictAction',
      expect: needs('reviewer', true),
      call: async (ids) =>
        (await import('@/app/(review)/manifests/[id]/actions')).recordVerdictAction(
          null,
          form({ manifestId: ids.manifestId, verdict: 'correct' }),
        ),
    },
    {
      id: 'app/(admin)/admin/calendars/export/route.ts#GET',
      expect: admin,
      call: async () => (await import('@/app/(admin)/admin/calendars/export/route')).GET(get('/admin/calendars/export'), {}),
    },
    {
      id: 'app/(admin)/admin/calendars/actions.ts#changeCalendarAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/calendars/actions')).changeCalendarAction(
          null,
          form({
            entityId: ids.entityId,
            effectiveFrom: '2000-04-01',
            kind: 'fixed',
            month: '3',
            day: '31',
            labelBy: 'end-year',
            reason: 'matrix',
          }),
        ),
    },
    {
      id: 'app/(admin)/admin/calendars/actions.ts#revertCalendarAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/calendars/actions')).revertCalendarAction(
          null,
          form({ entityId: ids.entityId, auditId: '999999999' }),
        ),
    },
    {
      id: 'app/(admin)/admin/calendars/actions.ts#importCalendarsAction',
      expect: admin,
      call: async () =>
        (await import('@/app/(admin)/admin/calendars/actions')).importCalendarsAction(
          null,
          form({ json: JSON.stringify({ format: 'ledgerline.fiscal-calendars/1', entities: [] }), apply: '0' }),
        ),
    },
    {
      id: 'app/(admin)/admin/entities/actions.ts#addAliasAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/entities/actions')).addAliasAction(
          null,
          form({ entityId: ids.entityId, alias: 'Matrix Added', kind: 'abbreviation' }),
        ),
    },
    {
      id: 'app/(admin)/admin/entities/actions.ts#removeAliasAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/entities/actions')).removeAliasAction(
          null,
          form({ entityId: ids.entityId, alias: 'Matrix Alias' }),
        ),
    },
    {
      id: 'app/(admin)/admin/entities/actions.ts#updateEntityAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/entities/actions')).updateEntityAction(
          null,
          form({ entityId: ids.entityId, name: 'Helios Components', ticker: 'HELIOS', reason: 'matrix' }),
        ),
    },
    {
      id: 'app/(admin)/admin/sources/actions.ts#revokeSourceAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/sources/actions')).revokeSourceAction(
          null,
          form({ sourceId: ids.revocableSourceId, reason: 'matrix' }),
        ),
    },
    {
      id: 'app/(admin)/admin/sources/actions.ts#setSourceAccessAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/sources/actions')).setSourceAccessAction(
          null,
          form({ sourceId: ids.sourceId, reason: 'matrix' }),
        ),
    },
    {
      id: 'app/(admin)/admin/sources/upload/route.ts#POST',
      expect: admin,
      call: async () =>
        (await import('@/app/(admin)/admin/sources/upload/route')).POST(
          new Request('http://localhost/admin/sources/upload', {
            method: 'POST',
            headers: { 'x-file-name': path.basename(FIXTURE) },
            body: fs.readFileSync(FIXTURE),
          }),
          {},
        ),
    },
    {
      id: 'app/(admin)/admin/quarantine/actions.ts#bindFactAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/quarantine/actions')).bindFactAction(
          null,
          form({ factId: ids.quarantinedFactId, metricId: 'revenue', reason: 'matrix' }),
        ),
    },
    {
      id: 'app/(admin)/admin/quarantine/actions.ts#rejectFactAction',
      // runs after the bind above: the admin is allowed, and finds the fact no longer in quarantine
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/quarantine/actions')).rejectFactAction(
          null,
          form({ factId: ids.quarantinedFactId, reason: 'matrix' }),
        ),
    },
    {
      id: 'app/(admin)/admin/users/actions.ts#createUserAction',
      expect: admin,
      call: async () =>
        (await import('@/app/(admin)/admin/users/actions')).createUserAction(
          null,
          form({
            email: `new-${Date.now()}-${Math.random().toString(36).slice(2)}@matrix.example`,
            name: 'New',
            role: 'analyst',
            password: 'a-new-password-123',
          }),
        ),
    },
    {
      id: 'app/(admin)/admin/users/actions.ts#updateUserAction',
      expect: adminOnOwn,
      call: async (ids) =>
        (await import('@/app/(admin)/admin/users/actions')).updateUserAction(
          null,
          form({ userId: ids.userId, role: 'analyst', reason: 'matrix' }),
        ),
    },
  ];
}
