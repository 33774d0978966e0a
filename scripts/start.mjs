// `npm start`: builds the site when the build is missing or older than the sources, then serves it.
// `--demo` (npm run demo) loads the demo content first (scripts/seed-demo.ts) and prints what it
// says, the demo's sign-ins among it, after the server's own lines: the last thing on the screen (the
// loader makes the backup the server would make as it starts, whose line would come after them).
// The log is then written as readable lines even when it is not in a terminal. `--season` (npm run
// demo -- --season [--seed N]) loads a generated season instead of the demo's own content.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { buildIfStale } from './build-if-stale.mjs'

const demo = process.argv.includes('--demo')
const demoSays = demo ? loadDemo() : ''
buildIfStale()
if (demo) process.env.LOG_FORMAT ??= 'pretty'
await import(path.resolve('dist/server/main.js'))
process.stdout.write(demoSays)

/** Runs the demo's loader and answers what it printed; its errors go to the screen at once, and stop the start. */
function loadDemo() {
  try {
    const passed = process.argv.slice(2).filter((arg) => arg !== '--demo')
    return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts', ...passed], { encoding: 'utf8', stdio: ['inherit', 'pipe', 'inherit'] })
  } catch (error) {
    process.stdout.write(error.stdout ?? '')
    process.exit(error.status ?? 1)
  }
}
