/**
 * The Chromium (or Chrome) that Playwright and Lighthouse drive, and the flags it runs with here.
 * CHROMIUM_PATH wins; then the usual places on Debian, other Linuxes and macOS; then Playwright's
 * own download, when a developer's machine has one. Run directly (`tsx scripts/chromium.ts`), it
 * stops the test run at once, in one line, when there is none.
 */
import fs from 'node:fs'
import { chromium } from '@playwright/test'
import { fileURLToPath } from 'node:url'

const USUAL_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
]

const HOW_TO_INSTALL =
  'No Chromium or Chrome found for the browser tests: install one (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to its executable.'

/** The browser to use, or undefined when this machine has none. */
export function findChromium(): string | undefined {
  const own = process.env.CHROMIUM_PATH
  if (own) return fs.existsSync(own) ? own : undefined
  return [...USUAL_PLACES, playwrightsOwn()].find((place) => place !== undefined && fs.existsSync(place))
}

/** The browser, or a stop with one line saying how to get one. */
export function requireChromium(): string {
  const found = findChromium()
  if (found) return found
  console.error(process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist. ${HOW_TO_INSTALL}` : HOW_TO_INSTALL)
  process.exit(1)
}

function playwrightsOwn(): string | undefined {
  try {
    return chromium.executablePath()
  } catch {
    return undefined
  }
}

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`Browser tests use ${requireChromium()}`)
