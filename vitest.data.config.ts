import { defineConfig } from 'vitest/config';
import path from 'node:path';

/** Suite over the real public data in ../shared/data (SEC_DATA_DIR overrides). CI runs it. */
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    name: 'data',
    reporters: process.env.VITEST_JSON_OUT ? ['default', ['json', { outputFile: process.env.VITEST_JSON_OUT }]] : ['default'],
    include: ['lib/**/*.data.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // two files at a time (CI has 2 cores): every file opens its own in-memory database and reads the data
    // in place, so files share nothing; one at a time the suite took 8.6 of CI's 33 minutes
    fileParallelism: true,
    maxWorkers: 2,
  },
});
