import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import path from 'node:path';

const alias = { '@': path.resolve(import.meta.dirname) };

// CI collects counts from a JSON report next to the usual console output
const jsonOut = process.env.VITEST_JSON_OUT;

// the security project's files; three of them are also *.int.test.ts and would otherwise run twice
// (in the integration project too: ~45 s per run on CI's 2 cores, and npm test and the PostgreSQL step
// each run both projects)
const SECURITY_FILES = [
  'tests/security/**/*.sec.test.ts',
  'tests/authorization-matrix.int.test.ts',
  'tests/hostile-input.int.test.ts',
  'lib/auth/tenant-isolation.int.test.ts',
];

const UNIT_INCLUDE = ['lib/**/*.test.ts', 'components/**/*.test.ts', 'app/**/*.test.ts', 'tests/**/*.test.ts'];
const UNIT_EXCLUDE = ['**/*.int.test.ts', '**/*.data.test.ts', '**/*.sec.test.ts', 'node_modules/**'];

// The unit files share one module graph per worker (`isolate: false`): re-importing it for each of ~170 files was
// three quarters of the project's time (measured on the loaded 2-core machine: 361 s isolated, 87 s shared, the
// same 3,337 tests passing). A file that replaces a module (vi.mock), the environment or a global would leak into
// the files after it in a shared graph, so those files — found here by their text, not listed by hand — run
// isolated in a project of their own.
const REPLACES_SHARED_STATE =
  /vi\.(mock|doMock|stubEnv|stubGlobal)\(|process\.env\.[A-Za-z_]+ *=[^=]|delete process\.env|globalThis\.[A-Za-z_]+ *=[^=]/;
function unitFilesReplacingState(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !e.name.startsWith('.')) walk(rel);
      } else if (/\.test\.ts$/.test(e.name) && !/\.(int|data|sec)\.test\.ts$/.test(e.name)) {
        if (REPLACES_SHARED_STATE.test(fs.readFileSync(path.join(import.meta.dirname, rel), 'utf8'))) out.push(rel);
      }
    }
  };
  for (const dir of ['lib', 'components', 'app', 'tests']) if (fs.existsSync(path.join(import.meta.dirname, dir))) walk(dir);
  return out;
}
const ISOLATED_UNIT_FILES = unitFilesReplacingState();

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: jsonOut ? ['default', ['json', { outputFile: jsonOut }]] : ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: UNIT_INCLUDE,
          exclude: [...UNIT_EXCLUDE, ...ISOLATED_UNIT_FILES],
          environment: 'node',
          isolate: false,
          // property suites run thousands of cases; on a loaded 2-core machine 5 s is not enough (speed lives in the bench)
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-isolated',
          include: ISOLATED_UNIT_FILES.length ? ISOLATED_UNIT_FILES : ['no-such-file'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['lib/**/*.int.test.ts', 'tests/**/*.int.test.ts'],
          exclude: [...SECURITY_FILES, 'node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // one worker keeps the module graph (PGlite's WASM, drizzle, the ontology) and the migrated
          // template between files instead of re-importing them ~8 s per file; each test still opens
          // its own database
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm run test:security`: every security promise of SECURITY.md as a test, plus the
          // authorization matrix, tenant isolation and hostile input; PGlite always, PostgreSQL with DATABASE_URL
          name: 'security',
          include: SECURITY_FILES,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
