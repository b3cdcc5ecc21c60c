/**
 * A worker thread running one of the project's TypeScript modules. tsx's loader does not follow into worker
 * threads, so each thread registers it first and then imports the module; where the module is already
 * JavaScript the registration is harmless. The module's location is given as a file next to the caller's
 * source (bundlers replace `import.meta.url` with the source file's URL on the server), else under the
 * working directory (the app's root under `next start`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((m) => { m.register(); return import(workerData.module); }).catch((e) => { throw e; });
`;

/** The file URL of tsx's ESM loader API, resolved from this module or the working directory (throws when not installed). */
function tsxLoader(): string {
  let api: string;
  try {
    api = createRequire(import.meta.url).resolve('tsx/esm/api');
  } catch {
    api = createRequire(path.join(process.cwd(), 'package.json')).resolve('tsx/esm/api');
  }
  // the ESM entry beside the one `require` resolves (the package exports no path to it for require)
  return pathToFileURL(path.join(path.dirname(api), 'index.mjs')).href;
}

/**
 * The file URL of `file` in the directory of the module whose `import.meta.url` is `callerUrl`, or of
 * `fromRoot` under the working directory when the caller runs from a bundle.
 */
export function siblingModule(callerUrl: string, file: string, fromRoot: string): string {
  const beside = callerUrl.startsWith('file:') ? path.join(path.dirname(fileURLToPath(callerUrl)), file) : null;
  return pathToFileURL(beside && fs.existsSync(beside) ? beside : path.join(process.cwd(), fromRoot)).href;
}

/** Starts `moduleUrl` on a new worker thread (throws when the thread cannot be set up). */
export function startTsWorker(moduleUrl: string, resourceLimits?: ResourceLimits): Worker {
  return new Worker(BOOT, { eval: true, workerData: { tsx: tsxLoader(), module: moduleUrl }, resourceLimits });
}
