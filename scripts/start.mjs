// `npm start`: builds the site when the build is missing or older than the sources, then serves it.
// `--demo` (npm run demo) writes the log as readable lines even when it is not in a terminal.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const stamp = 'dist/.build-stamp'

function newestMtime(entry) {
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))))
}

const sources = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs'].filter((p) => fs.existsSync(p))
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
if (Math.max(...sources.map(newestMtime)) > built) {
  console.log('Building the site (sources changed since the last build)...')
  execSync('npm run build', { stdio: 'inherit' })
}
if (process.argv.includes('--demo')) process.env.LOG_FORMAT ??= 'pretty'
await import(path.resolve('dist/server/main.js'))
