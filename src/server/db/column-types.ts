import type { Dialect } from './connect.ts'

/**
 * Column types that differ between the two databases. The authentication library expects
 * exactly these (better-auth's own migration generator emits the same), so its schema check
 * finds nothing pending on either database.
 */
export function columnTypes(dialect: Dialect) {
  return dialect === 'postgres'
    ? ({ bool: 'boolean', timestamp: 'timestamptz', bigint: 'bigint' } as const)
    : ({ bool: 'integer', timestamp: 'date', bigint: 'bigint' } as const)
}
