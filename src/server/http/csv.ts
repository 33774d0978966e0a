import { stringify } from 'csv-stringify/sync'

/** A formula's first character once NFKC folds fullwidth and small forms onto it (`＝`, `﹢`), or the minus sign `−`. */
const FORMULA_START = /^[=+\-@\t\r\u2212]/
/** A plain number (an amount as `-0.50`) is not a formula, and keeps its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * A CSV file for a spreadsheet: a header row, then one row per record. A cell a spreadsheet
 * would run as a formula (it starts with =, +, -, @, a tab or a carriage return, or their
 * fullwidth and small forms, which NFKC folds onto them) is written with a leading apostrophe,
 * so a team named `=HYPERLINK(…)` stays text (OWASP's CSV injection advice); numbers are written
 * as numbers.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const cell = (value: string | number | null) =>
    typeof value === 'string' && !PLAIN_NUMBER.test(value) && FORMULA_START.test(value.slice(0, 1).normalize('NFKC')) ? `'${value}` : (value ?? '')
  return stringify([header, ...rows.map((row) => row.map(cell))], { record_delimiter: 'windows' })
}
