/**
 * The layers of lib/, lowest first: a folder may import only folders of strictly lower layers (and itself),
 * so lib/ folders cannot form a cycle. Read by .dependency-cruiser.cjs (the rules) and scripts/layers/check.ts
 * (the diagram printed in CI and kept in the README).
 */
const LAYERS = [
  { name: 'domain', folders: ['domain'], what: 'domain types and their one identity (chain key, dimension key); imports no lib folder' },
  {
    name: 'foundation',
    folders: ['errors', 'ids', 'env', 'slots'],
    what: 'typed errors, ids, env (the one settings module), keyed slots (bounded concurrency)',
  },
  { name: 'domain logic', folders: ['fiscal', 'ontology'], what: 'calendars and period algebra; the measure ontology (data)' },
  { name: 'calculation', folders: ['calc'], what: 'validated operations with typed errors' },
  {
    name: 'storage',
    folders: ['db', 'http', 'format', 'data-dir'],
    what: 'drizzle schema + client (PGlite | PostgreSQL); HTTP limits; display formatting; real-data folder',
  },
  { name: 'access', folders: ['auth', 'ai'], what: 'accounts, roles, the visibility predicate; optional model' },
  { name: 'fact store', folders: ['facts'], what: 'idempotent, versioned fact writer and readers' },
  { name: 'ingest + retrieval', folders: ['ingest', 'retrieval'], what: 'readers per format (+ EDGAR); typed lookups, passages' },
  { name: 'planning', folders: ['planner'], what: 'question → typed intent' },
  { name: 'answering', folders: ['answer'], what: 'plan → figures → text → evidence manifest' },
  {
    name: 'services',
    folders: ['evidence', 'admin', 'monitoring', 'bench', 'screens'],
    what: 'review, administration, monitoring, universe screens',
  },
  {
    name: 'workspace',
    folders: ['workspace'],
    what: 'threads, share links, export, source viewer (stored answers shown through the manifest redaction)',
  },
  { name: 'demo', folders: ['demo'], what: 'demo tenant, documents, seed' },
  { name: 'runtime', folders: ['server', 'eval'], what: 'process runtime, session, action/route wrappers; evaluation' },
  { name: 'commands', folders: ['cli'], what: 'every CLI' },
];

module.exports = { LAYERS };
