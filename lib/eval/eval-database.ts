import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@/lib/db/client';

/**
 * An embedded database for an evaluation run: in `dataDir` when given, else in a temporary folder of its
 * own that closing the database removes (a run's database is ~700 MB; the main eval and FinanceBench left
 * theirs behind in /tmp).
 */
export async function openEvalDatabase(dataDir: string | undefined, prefix: string): Promise<Database> {
  if (dataDir) return openDatabase({ dataDir });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = await openDatabase({ dataDir: dir });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return database;
}
