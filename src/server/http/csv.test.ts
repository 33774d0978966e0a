import { describe, expect, test } from 'vitest'
import { toCsv } from './csv.ts'

/** The one cell of a one-row file, as a spreadsheet would read it. */
function cellOf(value: string | number | null): string {
  const [, row] = toCsv(['h'], [[value]]).split('\r\n')
  return row!.startsWith('"') ? row!.slice(1, -1).replace(/""/g, '"') : row!
}

describe('a cell a spreadsheet would run as a formula is written as text', () => {
  test.each(['=1+1', '+1+1', '-1-1', '@SUM(A1)', '\t=1+1', '\r=1+1', '＝1+1', '﹢1', '−1'])('%j gets a leading apostrophe', (value) => {
    expect(cellOf(value)).toBe(`'${value}`)
  })

  test.each([
    ['a zero-width space', '\u200B=HYPERLINK("http://evil.example")'],
    ['a zero-width non-joiner', '\u200C+1+1'],
    ['a zero-width joiner', '\u200D-1-1'],
    ['a word joiner', '\u2060@SUM(A1)'],
    ['a byte order mark', '\uFEFF=1+1'],
    ['a left-to-right mark', '\u200E=1+1'],
    ['a right-to-left mark', '\u200F=1+1'],
    ['a right-to-left override', '\u202E=1+1'],
    ['a first-strong isolate', '\u2068=1+1'],
    ['a soft hyphen', '\u00AD=1+1'],
    ['a combining grapheme joiner', '\u034F=1+1'],
    ['a variation selector', '\uFE0F=1+1'],
    ['a Hangul filler', '\u3164=1+1'],
    ['leading spaces', '   =1+1'],
    ['a no-break space', '\u00A0=1+1'],
    ['an ideographic space', '\u3000=1+1'],
    ['a line feed', '\n=1+1'],
    ['several of them, then a fullwidth sign', '\u200B \u2060\uFEFF＝1+1'],
  ])('a formula behind %s gets a leading apostrophe', (_, value) => {
    expect(cellOf(value)).toBe(`'${value}`)
  })

  test('a cell that starts with a tab or a carriage return is neutralised whatever follows', () => {
    expect(cellOf('\tplain')).toBe("'\tplain")
    expect(cellOf('\rplain')).toBe("'\rplain")
  })
})

describe('everything else is written as it is', () => {
  test.each(['Hawks', 'Maya O’Brien', 'a=b', 'x-ray', 'me@example.com', '\u200BHawks', '  Hawks', '', '€5 off'])('%j stays', (value) => {
    expect(cellOf(value)).toBe(value)
  })

  test('numbers, signed amounts and empty cells keep their form, behind the byte order mark every CSV opens with', () => {
    expect(toCsv(['n', 'amount', 'none'], [[12, '-0.50', null]])).toBe('\uFEFFn,amount,none\r\n12,-0.50,\r\n')
  })

  test('a signed amount behind an invisible character is not a plain number: it is neutralised', () => {
    expect(cellOf('\u200B-0.50')).toBe("'\u200B-0.50")
  })
})
