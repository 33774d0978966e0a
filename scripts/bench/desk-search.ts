/**
 * The front desk's customer search on 10 000 accounts (issue 21 §3: "a few hundred ms"): a fresh
 * database of customers, a third of them with children, then searches as staff type them — part
 * of a name, an email, phone digits, a child's name — each timed, with the median, 95th
 * percentile and slowest printed. `--database-url postgres://…` runs it on PostgreSQL (in a
 * schema of its own, dropped afterwards).
 *
 *   npx tsx scripts/bench/desk-search.ts [--accounts 10000] [--database-url postgres://…]
 */
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { connect } from '../../src/server/db/connect.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { boolParam, timestampParam } from '../../src/server/db/values.ts'
import { findCustomers } from '../../src/server/features/desk/desk.queries.ts'

const { values: args } = parseArgs({ options: { accounts: { type: 'string', default: '10000' }, 'database-url': { type: 'string' } } })
const accounts = Number(args.accounts)
const url = args['database-url']
const schema = `desk_bench_${randomBytes(4).toString('hex')}`
const dataDir = url ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'desk-bench-'))
const db = await connect({ dataDir, databaseUrl: url, pgSchema: url ? schema : undefined, poolSize: 2 })

const FIRST = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Taylor', 'Jamie', 'Quinn', 'Rowan', 'Sasha', 'Emery', 'Logan', 'Parker', 'Reese', 'Skyler']
const LAST = ['Nguyen', 'Garcia', 'Smith', 'Okafor', 'Kowalski', 'Haddad', 'Lindqvist', 'Moreau', 'Tanaka', 'Rivera', 'Novak', 'Ibrahim', 'Costa', 'Fischer', 'Patel']
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!

try {
  await migrateToLatest(db)
  const now = timestampParam(db.dialect, new Date())
  const started = Date.now()
  for (let from = 0; from < accounts; from += 500) {
    const users = Array.from({ length: Math.min(500, accounts - from) }, (_, k) => {
      const i = from + k
      return {
        id: randomUUID(),
        displayName: `${pick(FIRST, i)} ${pick(LAST, Math.floor(i / 15))} ${i}`,
        email: `person${i}@example${i % 7}.com`,
        emailVerified: boolParam(db.dialect, true),
        image: null,
        createdAt: now,
        updatedAt: now,
        phone: `555-${String(100 + (i % 900)).padStart(3, '0')}-${String(i % 10000).padStart(4, '0')}`,
        role: 'customer' as const,
      }
    })
    await db.kysely.insertInto('users').values(users).execute()
    const children = users
      .filter((_, k) => (from + k) % 3 === 0)
      .map((u, k) => ({
        id: randomUUID(),
        guardianId: u.id,
        firstName: `Kid${pick(FIRST, k + 3)}`,
        lastName: u.displayName.split(' ')[1]!,
        dateOfBirth: '2016-05-01',
        emergencyContactName: 'Contact',
        emergencyContactPhone: '555-010-0000',
        notes: null,
        createdAt: now,
        updatedAt: now,
      }))
    if (children.length > 0) await db.kysely.insertInto('children').values(children).execute()
  }
  if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely)
  console.log(`${db.dialect}: ${accounts} accounts (a third with a child) written in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const searches = ['av', 'jordan', 'rivera', 'person4242', 'person77@example', '7424242', '(555) 742-4242', 'kidtaylor', 'kidquinn okafor', 'morgan tanaka 9', 'zz', 'example3.com']
  const times: number[] = []
  for (let round = 0; round < 5; round++) {
    for (const q of searches) {
      const t = process.hrtime.bigint()
      const found = await findCustomers(db, q)
      times.push(Number(process.hrtime.bigint() - t) / 1e6)
      if (round === 0) console.log(`  "${q}": ${found.length} found${found[0] ? `, first ${found[0].displayName} (${found[0].matched})` : ''}`)
    }
  }
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1)
  console.log(`${times.length} searches: median ${at(0.5)} ms, 95th percentile ${at(0.95)} ms, slowest ${times.at(-1)!.toFixed(1)} ms`)
} finally {
  if (url) await sql`drop schema ${sql.id(schema)} cascade`.execute(db.kysely)
  await db.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
