import type { Database } from './client';

/**
 * The nodes of a Citus cluster, for tools that create databases on all of them (the test harness's scratch
 * databases, the bench's): a database of a Citus cluster exists on every node under one name.
 */

/** A node of the Citus cluster DATABASE_URL's coordinator belongs to: its URL without a database name. */
export interface CitusNode {
  host: string;
  port: number;
  url: URL;
}

/** The coordinator and the active workers, as the coordinator's metadata names them. */
export async function citusNodes(admin: Database, url: string): Promise<{ coordinator: CitusNode; workers: CitusNode[] }> {
  const rows = await admin.query<{ host: string; port: number; group: number }>(
    `select nodename as host, nodeport as port, groupid as group from pg_dist_node where isactive order by groupid`,
  );
  const node = (host: string, port: number): CitusNode => {
    const u = new URL(url);
    u.port = String(port);
    return { host, port, url: u };
  };
  const c = rows.find((r) => r.group === 0);
  const base = new URL(url);
  return {
    coordinator: c ? node(c.host, c.port) : node(base.hostname, Number(base.port || 5432)),
    workers: rows.filter((r) => r.group > 0).map((r) => node(r.host, r.port)),
  };
}

/** Runs `fn` with a one-connection query function on database `db` of `node`. */
export async function onNode<T>(
  node: CitusNode,
  db: string,
  fn: (q: (text: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>,
): Promise<T> {
  const pg = (await import('pg')).default;
  const u = new URL(node.url);
  u.pathname = `/${db}`;
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    return await fn(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.end();
  }
}

/** Creates database `name` on every node (the workers first), from `template` on each when given. */
export async function createClusterDatabase(
  cluster: { coordinator: CitusNode; workers: CitusNode[] },
  name: string,
  template?: string,
): Promise<void> {
  for (const n of [...cluster.workers, cluster.coordinator])
    await onNode(n, 'postgres', (q) => q(`create database ${name}${template ? ` template ${template}` : ''}`));
}

/** Drops database `name` on every node. */
export async function dropClusterDatabase(cluster: { coordinator: CitusNode; workers: CitusNode[] }, name: string): Promise<void> {
  for (const n of [cluster.coordinator, ...cluster.workers])
    await onNode(n, 'postgres', (q) => q(`drop database if exists ${name} with (force)`));
}

/**
 * Makes the fresh database `name` (on every node) a Citus cluster of its own: the extensions on every node, the
 * coordinator registered and the workers added in the coordinator's metadata.
 */
export async function joinClusterDatabase(cluster: { coordinator: CitusNode; workers: CitusNode[] }, name: string): Promise<void> {
  for (const n of cluster.workers) await onNode(n, name, (q) => q('create extension citus; create extension vector'));
  await onNode(cluster.coordinator, name, async (q) => {
    await q('create extension citus; create extension vector');
    await q('select citus_set_coordinator_host($1, $2)', [cluster.coordinator.host, cluster.coordinator.port]);
    for (const w of cluster.workers) await q('select citus_add_node($1, $2)', [w.host, w.port]);
  });
}
