import path from 'node:path';
import { readEnv } from '@/lib/env';

/** Folder holding the real public data (never copied into the repo). */
export function secDataDir(): string {
  const fromEnv = readEnv().SEC_DATA_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  return path.resolve(process.cwd(), '..', 'shared', 'data');
}
