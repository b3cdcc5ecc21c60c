/**
 * Developer tool (not a bench section): a PostgreSQL database copied onto a Citus cluster as a new database of its
 * own (created on every node, migrated on the coordinator — tables distributed and reference — then the rows,
 * support/copy-tables.ts), e.g. the real-data bench template, to compare answers across the drivers
 * (_profile-screen.ts).
 *   npx tsx scripts/bench/_copy-to-citus.ts <from url> <coordinator url> <new database name> [table,table,…]
 * The optional table list copies those tables alone (the others stay empty): `tenants,entities,screen_values` is
 * what a screen reads from a source whose screen values are built.
 * Prints the new database's URL.
 */
import { citusNodes, createClusterDatabase, dropClusterDatabase, joinClusterDatabase } from '@/lib/db/citus-cluster';
import { openDatabase } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { copyTables } from './support/copy-tables';

async function main(): Promise<void> {
  const [from, coordinator, name, only] = process.argv.slice(2);
  if (!from || !coordinator || !name || !/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error('usage: _copy-to-citus.ts <from url> <coordinator url> <new database name: [a-z_][a-z0-9_]*>');
  const admin = await openDatabase({ url: coordinator });
  const cluster = await citusNodes(admin, coordinator);
  await admin.close();
  await dropClusterDatabase(cluster, name);
  await createClusterDatabase(cluster, name);
  await joinClusterDatabase(cluster, name);
  const u = new URL(coordinator);
  u.pathname = `/${name}`;
  const d = await openDatabase({ url: u.toString() });
  try {
    await migrate(d);
  } finally {
    await d.close();
  }
  const c = await copyTables(from, u.toString(), (l) => console.error(l), only ? only.split(',') : undefined);
  await (async () => {
    const again = await openDatabase({ url: u.toString() });
    try {
      for (const t of ['facts', 'fact_sightings', 'sources', 'entities', 'chunks']) await again.query(`analyze ${t}`);
      // the screen values of a source from before them are built here (support/copy-tables.ts marks them stale)
      await migrate(again);
    } finally {
      await again.close();
    }
  })();
  console.error(`${c.rows.toLocaleString('en-US')} rows in ${c.seconds.toFixed(0)} s`);
  console.log(u.toString());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
