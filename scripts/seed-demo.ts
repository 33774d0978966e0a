// npm run demo: loads demo content into an empty database and prints the demo admin's sign-in.
import { randomBytes } from 'node:crypto'
import { openForScript } from '../src/server/cli.ts'
import { insertAcademy } from '../src/server/features/academies/academies.queries.ts'
import { insertLeague } from '../src/server/features/leagues/leagues.queries.ts'
import { createOrUpdateUser } from '../src/server/features/users/create-user.ts'
import { DEMO_ACADEMIES, DEMO_LEAGUES } from '../src/server/demo-content.ts'

const { db, auth, config } = await openForScript()
try {
  const leagues = await db.kysely.selectFrom('leagues').select('id').limit(1).execute()
  if (leagues.length === 0) {
    for (const league of DEMO_LEAGUES) await insertLeague(db, league)
    for (const academy of DEMO_ACADEMIES) await insertAcademy(db, academy)
    console.log(`Loaded ${DEMO_LEAGUES.length} leagues and ${DEMO_ACADEMIES.length} academy.`)
  } else {
    console.log('The database already has leagues: demo content not loaded again.')
  }
  const email = 'admin@demo.test'
  const password = randomBytes(9).toString('base64url')
  await createOrUpdateUser(db, auth, { email, password, displayName: 'Demo Admin', phone: '555-010-0000', role: 'admin' })
  console.log('')
  console.log(`Demo admin: ${email}`)
  console.log(`Password:   ${password}   (new on every run of npm run demo)`)
  console.log(`Sign in at ${config.publicUrl}/signIn`)
  console.log('')
} finally {
  await db.close()
}
