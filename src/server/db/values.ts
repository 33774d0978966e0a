import { sql, type Expression, type SqlBool } from 'kysely'
import type { Dialect } from './connect.ts'

/**
 * The one place where the two databases' value types meet (../shared/STACK-NOTES.md):
 * better-sqlite3 binds neither booleans nor Dates and returns 0/1 and text; pg returns
 * booleans, Dates, and counts as strings.
 */
export function timestampParam(dialect: Dialect, date: Date): Date | string {
  // An invalid date fails here on both databases, as toISOString fails on SQLite's, before pg is given it.
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  return dialect === 'postgres' ? date : date.toISOString()
}

export function boolParam(dialect: Dialect, value: boolean): boolean | number {
  return dialect === 'postgres' ? value : value ? 1 : 0
}

export function toIso(value: Date | string | number): string {
  return new Date(value).toISOString()
}

export function toBool(value: boolean | number): boolean {
  return value === true || value === 1
}

export function toCount(value: string | number | bigint | null | undefined): number {
  return Number(value ?? 0)
}

/**
 * `column IN (values)` as one statement text whatever the number of values on PostgreSQL
 * (`= any($1)`, one array parameter), so the statement is prepared once (db/connect.ts);
 * SQLite prepares its IN list cheaply.
 */
export function inList(dialect: Dialect, column: string, values: readonly string[]): Expression<SqlBool> {
  return dialect === 'postgres' ? sql<SqlBool>`${sql.ref(column)} = any(${[...values]})` : sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`
}
