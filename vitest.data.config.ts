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
    fileParallelism: false,
  },
});
