import { defineConfig } from 'vitest/config';
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

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: jsonOut ? ['default', ['json', { outputFile: jsonOut }]] : ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'app/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.data.test.ts', '**/*.sec.test.ts', 'node_modules/**'],
          environment: 'node',
          // property suites run thousands of cases; on a loaded 2-core machine 5 s is not enough (speed lives in the bench)
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
