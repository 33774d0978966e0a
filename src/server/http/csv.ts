import { stringify } from 'csv-stringify/sync'

/**
 * A CSV file for a spreadsheet: a header row, then one row per record. A cell a spreadsheet
 * would run as a formula (it starts with =, +, -, @, a tab or a carriage return) is written
 * with a leading apostrophe, so a team named `=HYPERLINK(…)` stays text (OWASP's CSV injection
 * advice); numbers are written as numbers.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const cell = (value: string | number | null) => (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? ''))
  return stringify([header, ...rows.map((row) => row.map(cell))], { record_delimiter: 'windows' })
}
