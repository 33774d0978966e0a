// `npm start`: builds the site when the build is missing or older than the sources, then serves it.
// `--demo` (npm run demo) writes the log as readable lines even when it is not in a terminal.
import path from 'node:path'
import { buildIfStale } from './build-if-stale.mjs'

buildIfStale()
if (process.argv.includes('--demo')) process.env.LOG_FORMAT ??= 'pretty'
await import(path.resolve('dist/server/main.js'))
