/**
 * The lexicon of the companies a question names (lib/ontology/vocabulary), built from what the filers
 * ship and ingest stored: the ontology's names, the labels (and short description clauses) of the
 * concepts each company reports outside the ontology, and the members of its dimensional facts with
 * their printed captions and QName words (./members.ts). Built once per catalog object: the catalogs
 * are cached per tenant data version, so the lexicon goes with them.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import { FORMULAS } from '@/lib/ontology/formulas';
import { METRICS } from '@/lib/ontology/metrics';
import { buildLexicon, type Lexicon, type LexiconSource, type PhraseSource } from '@/lib/ontology/vocabulary/lexicon';
import { type CatalogConcept, conceptMeasureId, loadConceptCatalog } from './concepts';
import { type CatalogMember, loadMemberCatalog } from './members';

/** The ontology's measures as lexicon phrases (names, synonyms, ask-only aliases). */
const ONTOLOGY: LexiconSource['measures'] = [
  ...METRICS.map((m) => ({
    id: m.id,
    label: m.label,
    phrases: [m.label, ...m.synonyms, ...(m.aliases ?? [])].map((text) => ({ text, source: 'ontology' as PhraseSource })),
  })),
  ...FORMULAS.map((f) => ({
    id: f.id,
    label: f.label,
    phrases: [f.label, ...f.synonyms].map((text) => ({ text, source: 'ontology' as PhraseSource })),
  })),
];

/** The lexicon source of some concepts and members (their descriptions by concept, when stored). */
export function vocabularySource(
  concepts: readonly CatalogConcept[],
  members: readonly CatalogMember[],
  descriptions: ReadonlyMap<string, string> = new Map(),
): LexiconSource {
  const measures = [...ONTOLOGY];
  const byConcept = new Map<string, LexiconSource['measures'][number]>();
  for (const c of concepts) {
    const id = conceptMeasureId(c.concept);
    let m = byConcept.get(id);
    if (!m) {
      m = { id, label: c.label, phrases: [] };
      byConcept.set(id, m);
      measures.push(m);
    }
    m.phrases.push({ text: c.label, source: 'label' });
    const d = descriptions.get(c.concept);
    if (d) m.phrases.push({ text: d, source: 'description' });
  }
  return {
    measures,
    members: members.map((m) => ({ axis: m.axis, member: m.member, dimensions: m.dimensions, labels: m.labels })),
  };
}

const built = new WeakMap<readonly CatalogMember[], WeakMap<readonly CatalogConcept[], Lexicon>>();

/** The lexicon of the catalogs' concepts and members, built once per pair of catalog objects. */
export function lexiconOf(
  concepts: readonly CatalogConcept[],
  members: readonly CatalogMember[],
  descriptions?: ReadonlyMap<string, string>,
): Lexicon {
  let inner = built.get(members);
  if (!inner) built.set(members, (inner = new WeakMap()));
  let lex = inner.get(concepts);
  if (!lex) inner.set(concepts, (lex = buildLexicon(vocabularySource(concepts, members, descriptions))));
  return lex;
}

/** The stored descriptions of some entities' concepts (companyfacts `description`), by concept. */
export async function conceptDescriptions(db: Db, tenantId: string, entityIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (entityIds.length === 0) return out;
  const res = await db.execute(sql`
    select concept, description from concept_labels
    where tenant_id = ${tenantId} and description is not null and entity_id in (${sql.join(
      entityIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  for (const r of rowsOf<{ concept: string; description: string }>(res)) out.set(r.concept, r.description);
  return out;
}

/** The lexicon of the companies a question names, from their cached catalogs (`version`: the data version already read). */
export async function loadLexicon(
  db: Db,
  tenantId: string,
  entityIds: string[],
  role?: Role | null,
  version?: number | null,
): Promise<Lexicon> {
  const [members, concepts, descriptions] = await Promise.all([
    loadMemberCatalog(db, tenantId, entityIds, role, version),
    loadConceptCatalog(db, tenantId, entityIds, role, version),
    conceptDescriptions(db, tenantId, entityIds),
  ]);
  return lexiconOf(concepts, members, descriptions);
}
