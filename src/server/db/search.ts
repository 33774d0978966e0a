import { sql, type Expression, type SqlBool } from 'kysely'

/** `text` as a LIKE pattern matching it anywhere, its own % and _ taken literally (escape `\`). */
function anywhere(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The text of `value`, lower-cased, contains `query` (lower-case it first): the same on SQLite and PostgreSQL. */
export function containsText(value: Expression<string | null>, query: string) {
  return sql<SqlBool>`lower(${value}) like ${anywhere(query)} escape '\\'`
}

/** A child's (or anyone's) two names as one text, so "sam riv" finds Sam Rivera. */
export function fullName(first: string, last: string) {
  return sql<string>`${sql.ref(first)} || ' ' || ${sql.ref(last)}`
}

/** A phone column with its punctuation taken out, so `5550101234` finds `+15550101234` and `(555) 010-1234`. */
export function digitsOf(column: string) {
  return sql<string>`replace(replace(replace(replace(replace(replace(${sql.ref(column)}, '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', '')`
}

/** The phone in `column` holds the digits of `query` (three or more), however either was written; null when it has fewer. */
export function phoneHasDigits(column: string, query: string) {
  const digits = query.replace(/\D/g, '')
  return digits.length >= 3 ? sql<SqlBool>`${digitsOf(column)} like ${`%${digits}%`}` : null
}
