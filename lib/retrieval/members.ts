/**
 * The dimension members of some entities' facts, with the labels a question may use for them: the
 * filing's own row labels of the cells the facts sit in and the member QName split into words
 * (lib/ontology/members.ts). The planner matches members against this catalog (matchMetrics ctx).
 */
import { sql } from 'drizzle-orm';
import { factVisible, sourceVisible } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import { perEntityCatalog, versionedCache } from '@/lib/db/versioned-cache';
import type { Role } from '@/lib/db/schema';
import { distinguishingMember, memberLabelFromQName, memberLabelsFromRow, withoutNeutral } from '@/lib/ontology/members';

export interface CatalogMember {
  entityId: string;
  /** the axis of the member the question names */
  axis: string;
  member: string;
  /** the dimension set of the facts without neutral members (the distinguishing member, and a product's own segment) */
  dimensions: Record<string, string>;
  labels: string[];
  /** a label matched without the company's word that leads it, and the filing's own label ("Cloud" → "Google Cloud") */
  display?: Record<string, string>;
  /** the measures the filer reports for exactly this dimension set (ontology ids, else `concept:<qname>`) */
  measures?: string[];
  /** the printed captions of the set's `concept:` measures, where a row holds that one measure only */
  captions?: Record<string, string[]>;
}

interface Row {
  entity_id: string;
  dims_key: string;
  dimensions: Record<string, string>;
  row_label: string | null;
  measures: string[] | null;
}

/** The axis of classes of stock (us-gaap:StatementClassOfStockAxis). */
const CLASS_OF_STOCK = /:StatementClassOfStockAxis$/;

/** Members of the entities' visible active facts (at most two axes), with their labels. */
const memberCache = versionedCache<CatalogMember[]>();

/** The members of the entities' dimensional facts, per entity and role, kept while the tenant's data version holds (`version`: the one the caller already read). */
export async function loadMemberCatalog(
  db: Db,
  tenantId: string,
  entityIds: string[],
  role?: Role | null,
  version?: number | null,
): Promise<CatalogMember[]> {
  return perEntityCatalog(memberCache, { db, tenantId, entityIds, role, version }, (id) => queryMemberCatalog(db, tenantId, [id], role));
}

async function queryMemberCatalog(db: Db, tenantId: string, entityIds: string[], role?: Role | null): Promise<CatalogMember[]> {
  const scope = { tenantId, role };
  const res = await db.execute(sql`
    select f.entity_id, f.dims_key, f.dimensions, c.row_label,
      array_agg(distinct coalesce(f.metric_id, 'concept:' || f.concept)) as measures
    from facts f
    join sources s on s.id = f.source_id
    left join source_cells c on c.entity_id = f.entity_id and c.id = f.cell_id
    where f.tenant_id = ${tenantId} and f.status = 'active' and f.dims_key <> ''
      and f.entity_id in (${sql.join(
        entityIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and ${factVisible(scope, 'f')} and ${sourceVisible(scope, 's')}
    group by f.entity_id, f.dims_key, f.dimensions, c.row_label`);
  const rows = rowsOf<Row>(res);
  const byKey = new Map<string, CatalogMember>();
  for (const r of rows) {
    if (Object.keys(r.dimensions).length > 3) continue;
    const d = distinguishingMember(r.dimensions);
    if (!d) continue;
    const dims = withoutNeutral(r.dimensions);
    const key = `${r.entity_id}|${JSON.stringify(Object.entries(dims).sort())}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { entityId: r.entity_id, axis: d.axis, member: d.member, dimensions: dims, labels: [], measures: [] };
      byKey.set(key, entry);
    }
    for (const m of r.measures ?? []) if (!entry.measures!.includes(m)) entry.measures!.push(m);
    const [only, ...more] = r.measures ?? [];
    if (only?.startsWith('concept:') && more.length === 0 && r.row_label) {
      const list = (entry.captions ??= {})[only] ?? [];
      if (!list.includes(r.row_label)) entry.captions[only] = [...list, r.row_label];
    }
    for (const l of memberLabelsFromRow(r.row_label)) if (!entry.labels.includes(l)) entry.labels.push(l);
  }
  // the QName's own words label the member's smallest dimension sets only (never a narrower slice); a member
  // filed only within each of several segments labels each of them, so its name alone is asked back
  const least = new Map<string, number>();
  for (const e of byKey.values()) {
    const k = `${e.entityId}|${e.axis}|${e.member}`;
    least.set(k, Math.min(least.get(k) ?? Number.POSITIVE_INFINITY, Object.keys(e.dimensions).length));
  }
  const smallest = [...byKey.values()].filter((e) => Object.keys(e.dimensions).length === least.get(`${e.entityId}|${e.axis}|${e.member}`));
  for (const e of smallest) {
    const l = memberLabelFromQName(e.member);
    if (l && !e.labels.includes(l)) e.labels.push(l);
    // "Sales Channel Wholesale" on the sales-channel axis is "Wholesale": the axis's own words lead nothing
    const axisWords = new Set(memberLabelFromQName(e.axis.replace(/Axis$/, 'Member')).toLowerCase().split(' '));
    const words = l.split(' ');
    let k = 0;
    while (k < words.length - 1 && axisWords.has(words[k]!.toLowerCase())) k++;
    if (k > 0) {
      const short = words.slice(k).join(' ');
      if (!e.labels.includes(short)) e.labels.push(short);
    }
    // a class of stock is named by its class ("Common Class A" is "Class A", "Capital Class C" is "Class C"); two
    // members of one class name (common and preferred Class A) carry the same short name and are asked back
    const cls = words.indexOf('Class');
    if (CLASS_OF_STOCK.test(e.axis) && cls > 0 && cls < words.length - 1) {
      const short = words.slice(cls).join(' ');
      if (!e.labels.includes(short)) e.labels.push(short);
    }
  }
  // "Walmart International", "Google Cloud": the company's own name leading a member label is also left out
  // ("Walmart International net sales" names the company and then the member)
  // (no members: nothing to relabel, and no read of the names — most companies report no dimensional facts)
  if (byKey.size === 0) return [];
  const names = await companyWords(db, entityIds);
  // (replaced, not added: the question's company word is the company's, so the label without it is the one that can match)
  for (const e of byKey.values()) {
    const lead = names.get(e.entityId) ?? [];
    e.labels = [
      ...new Set(
        e.labels.map((l) => {
          const w = l.split(' ');
          const short = w.slice(1).join(' ');
          if (w.length < 2 || !lead.includes(w[0]!.toLowerCase()) || short.length < 2) return l;
          e.display = { ...e.display, [short]: l };
          return short;
        }),
      ),
    ];
  }
  return [...byKey.values()].filter((e) => e.labels.length > 0);
}

/** The first word of each entity's names and aliases (lower case, three letters or more). */
async function companyWords(db: Db, entityIds: string[]): Promise<Map<string, string[]>> {
  const res = await db.execute(sql`
    select e.id, e.name, e.legal_name, a.alias from entities e left join entity_aliases a on a.entity_id = e.id
    where e.id in (${sql.join(
      entityIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const out = new Map<string, string[]>();
  for (const r of rowsOf<{ id: string; name: string; legal_name: string | null; alias: string | null }>(res)) {
    const list = out.get(r.id) ?? [];
    for (const n of [r.name, r.legal_name, r.alias]) {
      const first = n
        ?.trim()
        .split(/[\s,.]+/)[0]
        ?.toLowerCase();
      if (first && first.length >= 3 && /^[a-z&-]+$/.test(first) && !list.includes(first)) list.push(first);
    }
    out.set(r.id, list);
  }
  return out;
}
