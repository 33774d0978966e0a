// npm run user:create -- --email E --password P --role admin|employee|customer [--name N] [--phone X]
import { parseArgs } from 'node:util'
import { isRole } from '../src/shared/roles.ts'
import { openForScript } from '../src/server/cli.ts'
import { createOrUpdateUser } from '../src/server/features/users/create-user.ts'

const usage =
  'Usage: npm run user:create -- --email you@example.com --password <password> --role admin|employee|customer [--name "Display Name"] [--phone 555-010-1234]'

function fail(message: string): never {
  console.error(message)
  console.error(usage)
  process.exit(1)
}

let values
try {
  ;({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'customer' },
      name: { type: 'string' },
      phone: { type: 'string', default: '555-010-0000' },
    },
  }))
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
if (!values.email || !values.password) fail('Both --email and --password are required.')
if (!isRole(values.role)) fail(`Unknown role "${values.role}".`)

const { db, auth } = await openForScript()
try {
  const { created } = await createOrUpdateUser(db, auth, {
    email: values.email,
    password: values.password,
    displayName: values.name ?? values.email.split('@')[0] ?? values.email,
    phone: values.phone,
    role: values.role,
  })
  console.log(`${created ? 'Created' : 'Updated'} ${values.role} ${values.email.trim().toLowerCase()}.`)
} catch (error) {
  fail(`Could not create the user: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  await db.close()
}
