/**
 * Debian's Chromium and the flags it runs with here, for Playwright and Lighthouse alike
 * (Playwright cannot download its own browsers on this network).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
