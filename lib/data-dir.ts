import path from 'node:path';

/** Folder holding the real public data (never copied into the repo). */
export function secDataDir(): string {
  const fromEnv = process.env.SEC_DATA_DIR;
  if (fromEnv && fromEnv.trim() !== '') return path.resolve(fromEnv);
  return path.resolve(process.cwd(), '..', 'shared', 'data');
}
