import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { stringify } from 'csv-stringify/sync'

/** A formula's first character once NFKC folds fullwidth and small forms onto it (`＝`, `﹢`), or the minus sign `−`. */
const FORMULA_SIGN = /^[=+\-@\u2212]/
/** A tab or a carriage return opens a cell a spreadsheet may split or run, whatever follows. */
const CONTROL_START = /^[\t\r]/
/**
 * What a person does not see before a cell's first visible character: spaces of every width,
 * line breaks, control and format characters (zero-width spaces and joiners, the word joiner,
 * the byte order mark, bidi marks and isolates, the soft hyphen) and the other default-ignorable
 * characters (variation selectors, Hangul fillers). A spreadsheet may skip them before a formula.
 */
const UNSEEN = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]+/u
/** A plain number (an amount as `-0.50`) is not a formula, and keeps its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/** Whether a spreadsheet could read the cell as a formula. */
function opensFormula(value: string): boolean {
  if (PLAIN_NUMBER.test(value)) return false
  if (CONTROL_START.test(value)) return true
  const [firstSeen] = value.replace(UNSEEN, '')
  return firstSeen !== undefined && FORMULA_SIGN.test(firstSeen.normalize('NFKC'))
}

/** UTF-8's byte order mark, which every CSV of the site opens with: a spreadsheet reads the file as UTF-8 only with it, so names with accents come out right. */
const BOM = '\uFEFF'

/**
 * A CSV file for a spreadsheet: the byte order mark, a header row, then one row per record. A
 * cell a spreadsheet would run as a formula (its first visible character is =, +, -, @, or their
 * fullwidth and small forms, which NFKC folds onto them, even behind spaces and zero-width or bidi
 * characters; or it starts with a tab or a carriage return) is written with a leading apostrophe,
 * so a team named `=HYPERLINK(…)` stays text (OWASP's CSV injection advice); numbers are written
 * as numbers. Every CSV the site answers is written by it or `csvStream`, and sent by `sendCsv`.
 */
export function toCsv(header: readonly string[], rows: readonly CsvRow[]): string {
  return BOM + stringify([header, ...rows.map(safeRow)], { record_delimiter: 'windows' })
}

export type CsvRow = readonly (string | number | null)[]

const safeCell = (value: string | number | null) => (typeof value === 'string' && opensFormula(value) ? `'${value}` : (value ?? ''))
const safeRow = (row: CsvRow) => row.map(safeCell)

/**
 * A CSV file (the cells as `toCsv` writes them) written while its rows are read: the byte order
 * mark and the header first, then each page of rows as it arrives, so a season's file is never
 * held whole in memory.
 */
export function csvStream(header: readonly string[], pages: AsyncIterable<readonly CsvRow[]>): Readable {
  async function* chunks() {
    yield BOM + stringify([header], { record_delimiter: 'windows' })
    for await (const rows of pages) if (rows.length > 0) yield stringify(rows.map(safeRow), { record_delimiter: 'windows' })
  }
  return Readable.from(chunks())
}

/** What a name becomes in a file's name: its words in lower case joined by hyphens ("Summer Camp!" → "summer-camp"). */
export function fileNamePart(name: string): string {
  return name.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '').toLowerCase()
}

/** Answers a CSV file (`toCsv`, or `csvStream` as it is written) to be saved as `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string | Readable): FastifyReply {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv)
}
