import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3123);
// each run gets a fresh embedded database; specs seed what they need through the app itself (demo seed)
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `ledgerline-e2e-${Date.now()}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUT
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUT }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `npx next build && npx next start -H 127.0.0.1 -p ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // a production build running the demo: demo mode in production needs the explicit acknowledgement
    env: { LEDGERLINE_DATA_DIR: dataDir, DATABASE_URL: '', NEXT_TELEMETRY_DISABLED: '1', LEDGERLINE_DEMO: '1', LEDGERLINE_DEMO_ACK: 'anyone-can-be-admin' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
