import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, requireTestBrowser } from './scripts/chromium.ts'
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from './tests/fake-stripe.ts'

/*
 * The suite runs against the BUILT site (`npm run test:e2e` builds first) over a database of
 * its own. This module is evaluated again in every worker process, so the run's data directory
 * and secret are created once, in the runner, and handed to the workers through the
 * environment they inherit; e2e/fixtures.ts opens the same database from there.
 */
const PORT = Number(process.env.E2E_PORT ?? 3917)
const BASE_URL = `http://127.0.0.1:${PORT}`
// A second server on the same database, confirming new accounts by email (docs/decisions/0008).
const EMAIL_CONFIRMATION_URL = `http://127.0.0.1:${PORT + 1}`

if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-e2e-'))
  // Only a directory this run created is removed afterwards (e2e/global-teardown.ts).
  process.env.E2E_DATA_DIR_CREATED = '1'
}
process.env.E2E_AUTH_SECRET ??= randomBytes(32).toString('hex')
process.env.E2E_BASE_URL = BASE_URL
process.env.E2E_EMAIL_CONFIRMATION_URL = EMAIL_CONFIRMATION_URL
// A third server on the same database takes payment online, from the fake Stripe of the tests
// (tests/fake-stripe.ts, its hosted page standing in for Stripe's): nothing reaches the network.
const STRIPE_SITE_URL = `http://127.0.0.1:${PORT + 2}`
const FAKE_STRIPE_PORT = PORT + 3
process.env.E2E_STRIPE_SITE_URL = STRIPE_SITE_URL
process.env.E2E_FAKE_STRIPE_URL = `http://127.0.0.1:${FAKE_STRIPE_PORT}`

/** The built server as a newcomer runs it (no PUBLIC_URL, no mail server), with `env` on top. */
function server(port: number, env: Record<string, string>) {
  return {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/readyz`,
    // A server left over from another run would hold a different database: fail instead.
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR!,
      AUTH_SECRET: process.env.E2E_AUTH_SECRET!,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      BACKUP_EVERY_HOURS: '0',
      // The suite signs in far more often than one person: every test from one address.
      SIGN_INS_PER_MINUTE: '1000',
      ...env,
    },
  }
}

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two workers: the machine has two cores, and the server needs some of them too.
  workers: 2,
  reporter: 'list',
  // Generous for a page that answers: four servers and two browsers share CI's two cores, and a
  // wait that ends early on a busy moment says nothing about the site.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    launchOptions: {
      // CHROMIUM_PATH, Debian's headless shell or Chromium, or another found here (scripts/chromium.ts).
      executablePath: requireTestBrowser(),
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: [
    server(PORT, {}),
    server(PORT + 1, { PUBLIC_URL: EMAIL_CONFIRMATION_URL, ACCOUNT_CONFIRMATION: 'email' }),
    {
      // The payment is confirmed a second after the hosted page sends the payer back, as Stripe's webhooks arrive.
      command: `npx tsx tests/fake-stripe-main.ts --port ${FAKE_STRIPE_PORT} --webhook-url ${STRIPE_SITE_URL}/api/stripe/webhook --webhook-delay-ms 1000`,
      port: FAKE_STRIPE_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    server(PORT + 2, { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: process.env.E2E_FAKE_STRIPE_URL }),
  ],
})
