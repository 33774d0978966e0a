// Bundle budget (issue 4): the home page's JavaScript and all JavaScript, gzipped.
// Fails when a budget is exceeded; prints the figures either way.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET = { homeKb: 110, allKb: 300 }
const dir = 'dist/client'
const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
const gz = (file) => gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length / 1024

// What the home page loads before it can render: the entry script and its preloads.
const homeFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])
const allFiles = fs.readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`)
const home = homeFiles.reduce((sum, f) => sum + gz(f), 0)
const all = allFiles.reduce((sum, f) => sum + gz(f), 0)

console.log(`home page JavaScript: ${home.toFixed(1)} KB gzipped (budget ${BUDGET.homeKb} KB, ${homeFiles.length} files)`)
console.log(`all JavaScript:       ${all.toFixed(1)} KB gzipped (budget ${BUDGET.allKb} KB, ${allFiles.length} files)`)
if (homeFiles.length === 0) throw new Error('No script found in dist/client/index.html')
if (home > BUDGET.homeKb || all > BUDGET.allKb) {
  console.error('Over the bundle budget.')
  process.exit(1)
}
