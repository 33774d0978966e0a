import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts'

/*
 * The suite runs against the BUILT site (`npm run test:e2e` builds first) over a database of
 * its own. This module is evaluated again in every worker process, so the run's data directory
 * and secret are created once, in the runner, and handed to the workers through the
 * environment they inherit; e2e/fixtures.ts opens the same database from there.
 */
const PORT = Number(process.env.E2E_PORT ?? 3917)
const BASE_URL = `http://127.0.0.1:${PORT}`

if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-e2e-'))
  // Only a directory this run created is removed afterwards (e2e/global-teardown.ts).
  process.env.E2E_DATA_DIR_CREATED = '1'
}
process.env.E2E_AUTH_SECRET ??= randomBytes(32).toString('hex')
process.env.E2E_BASE_URL = BASE_URL

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two workers: the machine has two cores, and the server needs some of them too.
  workers: 2,
  reporter: 'list',
  timeout: 20_000,
  expect: { timeout: 5_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    launchOptions: {
      // Playwright cannot download its own browsers here; Debian's Chromium stands in.
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `${BASE_URL}/healthz`,
    // A server left over from another run would hold a different database: fail instead.
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      AUTH_SECRET: process.env.E2E_AUTH_SECRET,
      LOG_LEVEL: 'warn',
      // The suite signs in far more often than one person: every test from one address.
      SIGN_INS_PER_MINUTE: '1000',
    },
  },
})
