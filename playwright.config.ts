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
  reporter: process.env.PLAYWRIGHT_JSON_OUT ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUT }]] : 'list',
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
  projects: [
    // desktop: every spec except the phone-only ones, at the 1366×900 laptop size analysts use
    {
      name: 'chromium',
      testIgnore: /\.mobile\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1366, height: 900 } },
    },
    // phone: the *.mobile.spec.ts specs at 390×844 with touch
    {
      name: 'mobile',
      testMatch: /\.mobile\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  // E2E_SERVER=external: the server on E2E_PORT is already running (started by hand from a build, to iterate
  // on specs without rebuilding); its database persists between runs, so a full run still builds its own.
  // E2E_SERVER=prebuilt: `next build` already ran on this checkout (CI builds beside the unit tests); only start it.
  webServer:
    process.env.E2E_SERVER === 'external'
      ? undefined
      : {
          command: `${process.env.E2E_SERVER === 'prebuilt' ? '' : 'npx next build && '}npx next start -H 127.0.0.1 -p ${PORT}`,
          url: `http://127.0.0.1:${PORT}/api/health`,
          timeout: 420_000,
          reuseExistingServer: false,
          // a production build running the demo: demo mode in production needs the explicit acknowledgement
          env: {
            LEDGERLINE_DATA_DIR: dataDir,
            DATABASE_URL: '',
            NEXT_TELEMETRY_DISABLED: '1',
            LEDGERLINE_DEMO: '1',
            LEDGERLINE_DEMO_ACK: 'anyone-can-be-admin',
          },
          stdout: 'pipe',
          stderr: 'pipe',
        },
});
