// Bundle budget (issue 4): the home page's JavaScript and all JavaScript, gzipped.
// Fails when a budget is exceeded; prints the figures either way.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

// Issue 31 added two kinds of offering (camps, drop-in sessions) with ten pages: the router's
// entries for them cost the home page 0.6 KB, of which moving receiptPath out of paths.ts won back
// 0.5 KB; their screens (about 25 files, all loaded on demand) brought all JavaScript to 300 KB.
// React Router's production build and the app in one script (vite.config.ts) brought the home
// page from 111.2 KB in 16 files to 106.6 KB in 5: the budget keeps it there.
// Issue 32's staff pages (Reports, a season's summary, the drawer, Messages, unsubscribe) and the
// Dashboard's Needs attention and Today sections, all loaded on demand, brought all JavaScript from
// 311.8 KB to 322.3 KB; the home page took 0.6 KB of it. All JavaScript's budget is 340 KB for
// issue 33's pages; the home page's stays. Its first pages (playing areas, a league's schedule, Add to
// calendar) brought all JavaScript to 333.4 KB, once the schedule's form stopped pulling in zod;
// the rest (the scorer's sheet 2.5 KB, the open schedule and standings 2.8 KB, blackout dates, the
// facility's week) to about 342 KB. Each loads with its own screen only, so no page's first load
// grew: all JavaScript's budget is 350 KB, the home page's stays.
const BUDGET = { homeKb: 108, allKb: 350 }
const dir = 'dist/client'
const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'))
const gz = (file) => gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length / 1024

// What the home page loads: the entry with its imports, and the app it imports once the page
// has painted (src/client/main.tsx), with that app's imports; not the screens the app loads lazily.
const home = new Set()
const withImports = (key) => {
  const chunk = manifest[key]
  if (home.has(chunk.file)) return
  home.add(chunk.file)
  for (const imported of chunk.imports ?? []) withImports(imported)
}
const [entryKey, entry] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)
withImports(entryKey)
for (const started of entry.dynamicImports ?? []) withImports(started)

const homeFiles = [...home]
const allFiles = fs.readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`)
const homeKb = homeFiles.reduce((sum, f) => sum + gz(f), 0)
const allKb = allFiles.reduce((sum, f) => sum + gz(f), 0)

console.log(`home page JavaScript: ${homeKb.toFixed(1)} KB gzipped (budget ${BUDGET.homeKb} KB, ${homeFiles.length} files)`)
console.log(`all JavaScript:       ${allKb.toFixed(1)} KB gzipped (budget ${BUDGET.allKb} KB, ${allFiles.length} files)`)
if (homeKb > BUDGET.homeKb || allKb > BUDGET.allKb) {
  console.error('Over the bundle budget.')
  process.exit(1)
}
