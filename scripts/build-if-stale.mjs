// Builds the site when the build is missing or older than the sources: `npm start` and the benches
// and proofs that serve the built site call it, so a CI run that has just built (npm test) does not
// build again before each of them.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const stamp = 'dist/.build-stamp'

function newestMtime(entry) {
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))))
}

/** Whether the build is missing or older than a source it was built from. */
export function buildIsStale() {
  const sources = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs'].filter((p) => fs.existsSync(p))
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
  return Math.max(...sources.map(newestMtime)) > built
}

export function buildIfStale({ quiet = false } = {}) {
  if (!buildIsStale()) return
  if (!quiet) console.log('Building the site (sources changed since the last build)...')
  execSync(`npm run build${quiet ? ' --silent' : ''}`, { stdio: 'inherit' })
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) buildIfStale({ quiet: process.argv.includes('--quiet') })
