/**
 * The Chromium (or Chrome) that Playwright and Lighthouse drive, and the flags it runs with here.
 * CHROMIUM_PATH wins; then the usual places on Debian, other Linuxes and macOS; then Playwright's
 * own download, when a developer's machine has one. The browser tests take Chromium's old headless
 * shell where it is installed (Debian's chromium-headless-shell, the one Playwright itself runs
 * headless): the same engine without the browser's window machinery, it used 37% less CPU over
 * the same page loads here (docs/benchmarks.md, "CI's time"). Lighthouse measures in the full
 * browser, as a visitor's. Run directly (`tsx scripts/chromium.ts`), it stops the test run at
 * once, in one line, when there is none.
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

/** Chromium's old headless shell: what the browser tests run in, where a machine has it. */
const HEADLESS_SHELLS = ['/usr/bin/chromium-headless-shell']

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
  return orStop(findChromium())
}

/** The browser the tests drive: CHROMIUM_PATH, else the headless shell, else the browser itself. */
export function requireTestBrowser(): string {
  const shell = process.env.CHROMIUM_PATH ? undefined : HEADLESS_SHELLS.find((place) => fs.existsSync(place))
  return orStop(shell ?? findChromium())
}

function orStop(found: string | undefined): string {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`Browser tests use ${requireTestBrowser()}`)
