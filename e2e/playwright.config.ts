import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './support/operator.ts';

/** The end-to-end server listens here so it never collides with a developer's server on 3000. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const repositoryRoot = path.resolve(import.meta.dirname, '..');
// A fresh embedded database per run; the config is evaluated again in workers, so only create it once.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'goldshop-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repositoryRoot, 'test-results', 'e2e.json') }]],
  outputDir: path.join(repositoryRoot, 'test-results', 'e2e-artifacts'),
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The compiled server, as production runs it (`npm run test:e2e` builds it with the web app first).
    command: 'node apps/server/dist/main.js',
    cwd: repositoryRoot,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      MARKET: 'in',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      // The games run on a clock the tests move with POST /dev/clock/advance, never by waiting.
      DEV_TEST_CLOCK: 'true',
    },
  },
});
