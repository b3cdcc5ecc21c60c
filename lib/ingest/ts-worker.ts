/**
 * A worker thread running one of the project's TypeScript modules. tsx's loader does not follow into worker
 * threads, so each thread registers it first and then imports the module; where the module is already
 * JavaScript the registration is harmless. tsx is resolved inside the thread, from the module's own folder
 * (node_modules above it), never by the server's bundler. The module's location is a file next to the
 * caller's source (bundlers replace `import.meta.url` with the source file's URL on the server), else under
 * the working directory (the app's root under `next start`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const BOOT = `
const { workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
// the ESM entry beside the one require resolves (the package exports no path to it for require)
const api = createRequire(workerData.module).resolve('tsx/esm/api');
import(pathToFileURL(path.join(path.dirname(api), 'index.mjs')).href)
  .then((m) => { m.register(); return import(pathToFileURL(workerData.module).href); })
  .catch((e) => { throw e; });
`;

/**
 * The path of `file` in the directory of the module whose `import.meta.url` is `callerUrl`, or of `fromRoot`
 * under the working directory when the caller runs from a bundle.
 */
export function siblingModule(callerUrl: string, file: string, fromRoot: string): string {
  const beside = callerUrl.startsWith('file:') ? path.join(/* turbopackIgnore: true */ path.dirname(fileURLToPath(callerUrl)), file) : null;
  return beside && fs.existsSync(/* turbopackIgnore: true */ beside)
    ? beside
    : path.join(/* turbopackIgnore: true */ process.cwd(), fromRoot);
}

/** Starts the module at `modulePath` on a new worker thread (its 'error' event says when it cannot start). */
export function startTsWorker(modulePath: string, resourceLimits?: ResourceLimits): Worker {
  return new Worker(BOOT, { eval: true, workerData: { module: modulePath }, resourceLimits });
}
