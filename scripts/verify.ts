// npm run verify [-- --only crash-sqlite,scan] [--database-url postgres://…]
// The long proofs of issue 4, one after another on one build: the crash loop on SQLite and on
// PostgreSQL (registrations, then team entries), the offline scanners, Lighthouse on the home
// page and the API against bare Node. Every step runs even when an earlier one fails; a summary
// table ends the run (each step's time, and how busy the machine's cores were meanwhile), and the
// exit code is non-zero when any step failed.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { parseArgs } from 'node:util'

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    'database-url': { type: 'string', default: process.env.VERIFY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
})

const STEPS: { name: string; script: string; args: string[] }[] = [
  { name: 'crash-sqlite', script: 'scripts/verify/crash-loop.ts', args: [] },
  { name: 'crash-postgres', script: 'scripts/verify/crash-loop.ts', args: ['--database-url', args['database-url']] },
  { name: 'crash-teams-sqlite', script: 'scripts/verify/crash-loop.ts', args: ['--teams'] },
  { name: 'crash-teams-postgres', script: 'scripts/verify/crash-loop.ts', args: ['--teams', '--database-url', args['database-url']] },
  { name: 'scan', script: 'scripts/verify/scan.ts', args: [] },
  { name: 'bench-page', script: 'scripts/bench/page.ts', args: [] },
  { name: 'bench-api', script: 'scripts/bench/api.ts', args: ['--seconds', '4', '--rounds', '3', '--connections', '50', '--database-url', args['database-url']] },
]

const wanted = args.only?.split(',').map((s) => s.trim())
const unknown = wanted?.filter((name) => !STEPS.some((s) => s.name === name)) ?? []
if (unknown.length > 0) throw new Error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map((s) => s.name).join(', ')}`)
const steps = wanted ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS

console.log('--- verify: building once (unless the build is newer than the sources)')
execFileSync('node', ['scripts/build-if-stale.mjs', '--quiet'], { stdio: 'inherit' })

/**
 * The machine's CPU ticks so far (Linux's /proc/stat): busy, idle, and stolen, the time the host
 * of this virtual machine gave the cores to others (a slow day on a shared host shows there).
 */
function cpuTicks(): { busy: number; idle: number; stolen: number } {
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
  const idle = ticks[3]! + ticks[4]!
  const stolen = ticks[7]!
  return { busy: ticks.reduce((sum, n) => sum + n, 0) - idle - stolen, idle, stolen }
}

/** Each share of the ticks between two readings. */
function shares(from: ReturnType<typeof cpuTicks>, to: ReturnType<typeof cpuTicks>): { busy: number; stolen: number } {
  const busy = to.busy - from.busy
  const stolen = to.stolen - from.stolen
  const all = Math.max(1, busy + stolen + to.idle - from.idle)
  return { busy: busy / all, stolen: stolen / all }
}

function percent(share: number): string {
  return `${(share * 100).toFixed(0).padStart(3)}%`
}

const results: { name: string; seconds: number; cores: ReturnType<typeof shares>; ok: boolean }[] = []
for (const step of steps) {
  console.log(`\n--- verify: ${step.name} (tsx ${step.script} ${step.args.join(' ')})`)
  const started = performance.now()
  const ticks = cpuTicks()
  const code = await new Promise<number>((resolve) => {
    spawn('npx', ['tsx', step.script, ...step.args], { stdio: 'inherit' }).on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)))
  })
  results.push({ name: step.name, seconds: (performance.now() - started) / 1000, cores: shares(ticks, cpuTicks()), ok: code === 0 })
}

console.log('\n--- verify: summary')
const width = Math.max(...STEPS.map((s) => s.name.length))
// The machine's CPU seconds while a step ran (with another step beside it, as in .ci/run, both
// steps' together): on busy cores, only fewer of them make a run shorter.
const cpuSeconds = (r: (typeof results)[number]) => (r.seconds * r.cores.busy * os.availableParallelism()).toFixed(0).padStart(5)
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(width)} ${r.seconds.toFixed(0).padStart(5)} s, cores ${percent(r.cores.busy)} busy (${cpuSeconds(r)} CPU s on the machine), ${percent(r.cores.stolen)} taken by the host`)
process.exitCode = results.every((r) => r.ok) ? 0 : 1
