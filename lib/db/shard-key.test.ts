/**
 * The shard key in the code's SQL: facts, fact_sightings, chunks, source_tables and source_cells are
 * hash-partitioned by entity_id (drizzle/0014) and their keys lead with it. A join between two of them by
 * id alone (`s.fact_id = f.id`, `t.id = c.table_id`, `c.id = f.cell_id`, `p.id = f.supersedes`) cannot use
 * those keys — a fact_sightings join by fact id scans every partition's index, or every partition when no
 * index has the id first — and under Citus it would be a cross-shard join. Each must carry the entity.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['lib', 'app'];
/** a join between rows of the entity-keyed tables by one of their ids */
const ID_JOIN =
  /\b[a-z_]\w*\.(fact_id|table_id|cell_id|supersedes)\s*=\s*[a-z_]\w*\.id\b|\b[a-z_]\w*\.id\s*=\s*[a-z_]\w*\.(fact_id|table_id|cell_id|supersedes)\b/;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('the shard key in SQL', () => {
  it('joins the entity-keyed tables by (entity_id, id), never by id alone', () => {
    const offenders: string[] = [];
    for (const file of ROOTS.flatMap((r) => files(path.resolve(r)))) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (ID_JOIN.test(line) && !/entity_id/.test(line))
            offenders.push(`${path.relative(process.cwd(), file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
