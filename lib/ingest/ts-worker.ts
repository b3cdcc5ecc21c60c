/**
 * A worker thread running one of the project's TypeScript modules. The module's location is a file next to
 * the caller's source (bundlers replace `import.meta.url` with the source file's URL on the server), else
 * under the working directory (the app's root under `next start`). Two ways to start it:
 * - startTsWorker: tsx's loader registered in the thread (it does not follow into worker threads), then the
 *   module imported through it. tsx is resolved inside the thread, from the module's own folder, never by the
 *   server's bundler.
 * - startBundledWorker: the module and the project files it imports bundled by esbuild (tsx's own compiler,
 *   a dependency of the project for this) into one ES module, its packages imported from their files as
 *   plain JavaScript; no loader hooks in the thread. Under tsx a package's JavaScript is read with its source
 *   map (pdf.js: ~100 MB of heap at start, ~16 MB without) and every import goes through the hooks. Where
 *   esbuild cannot build, the thread falls back to tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const TSX = `
async function viaTsx(module) {
  const { createRequire } = require('node:module');
  const path = require('node:path');
  const { pathToFileURL } = require('node:url');
  // the ESM entry beside the one require resolves (the package exports no path to it for require)
  const api = createRequire(module).resolve('tsx/esm/api');
  const m = await import(pathToFileURL(path.join(path.dirname(api), 'index.mjs')).href);
  m.register();
  return import(pathToFileURL(module).href);
}
`;

const BOOT = `${TSX}
const { workerData } = require('node:worker_threads');
viaTsx(workerData.module).catch((e) => { throw e; });
`;

// a background thread lowers its own scheduling priority first (Linux keeps a nice value per thread, and the
// esbuild process it starts inherits it), so the server's request thread is preferred when cores are short
const NICE = `
if (workerData.niceness) {
  try { require('node:os').setPriority(workerData.niceness); } catch {}
}
`;

const BUNDLED_BOOT = `${TSX}
const { workerData } = require('node:worker_threads');
${NICE}
const { createRequire, builtinModules } = require('node:module');
const { pathToFileURL } = require('node:url');

// packages stay outside the bundle, imported from their resolved files (an absolute URL, which a data: module
// may import); the project's own files (relative, or '@/' through tsconfig's paths) are bundled
const packagesByFile = {
  name: 'packages-by-file',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'inner' || args.path.startsWith('@/')) return undefined;
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) return { path: args.path, external: true };
      const r = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'inner' });
      if (r.errors.length) return { errors: r.errors };
      return { path: pathToFileURL(r.path).href, external: true };
    });
  },
};

async function bundled(module) {
  const esbuild = createRequire(module)('esbuild');
  try {
    const out = await esbuild.build({
      entryPoints: [module],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      plugins: [packagesByFile],
    });
    return out.outputFiles[0].text;
  } finally {
    await esbuild.stop?.();
  }
}

bundled(workerData.module).then(
  (code) => import('data:text/javascript;base64,' + Buffer.from(code).toString('base64')),
  () => viaTsx(workerData.module),
).catch((e) => { throw e; });
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

/** Starts the module at `modulePath` on a new worker thread through tsx (its 'error' event says when it cannot start). */
export function startTsWorker(modulePath: string, resourceLimits?: ResourceLimits): Worker {
  return new Worker(BOOT, { eval: true, workerData: { module: modulePath }, resourceLimits });
}

/**
 * Starts the module at `modulePath` on a new worker thread as one esbuild bundle of plain JavaScript (tsx where
 * esbuild cannot build it); its 'error' event says when it cannot start. `niceness` (1–19) runs the thread at a
 * lower scheduling priority than the server's (where the system allows it; ignored elsewhere).
 */
export function startBundledWorker(modulePath: string, resourceLimits?: ResourceLimits, opts: { niceness?: number } = {}): Worker {
  return new Worker(BUNDLED_BOOT, { eval: true, workerData: { module: modulePath, niceness: opts.niceness ?? 0 }, resourceLimits });
}
