import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'
import { OFFERING_KIND_WORDS } from '../shared/offering-kinds.ts'
import { OFFERING_KINDS } from '../shared/schemas/registration.ts'
import { offeringKinds } from './app.ts'

/**
 * The records of kinds the app is built from — each kind of offering (app.ts `offeringKinds`),
 * who does each kind of job (`jobHandlers`) and the words for each kind of offering
 * (shared/offering-kinds.ts) — are complete because the typecheck says so, not because someone
 * remembered: a kind added to OFFERING_KINDS or to JobPayloads and left out of a record must fail
 * `npm run typecheck` (issue 31). Proven here by typechecking the app with an entry taken out of
 * each record, as the project's tsconfig.json checks it.
 */
const APP = path.resolve(import.meta.dirname, 'app.ts')
const WORDS = path.resolve(import.meta.dirname, '../shared/offering-kinds.ts')

interface TypeCheckError {
  file: string
  /** The source line the error points at. */
  line: string
  message: string
}

/** The typecheck's errors in the files given, each read as its source here says. */
function typeErrorsWith(sources: Map<string, string>): TypeCheckError[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.resolve(import.meta.dirname, '../../tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    },
  })
  if (!parsed) throw new Error('tsconfig.json could not be read')
  const host = ts.createCompilerHost(parsed.options)
  const readSource = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, language, onError, fresh) => {
    const source = sources.get(path.resolve(fileName))
    return source === undefined ? readSource(fileName, language, onError, fresh) : ts.createSourceFile(fileName, source, language)
  }
  const program = ts.createProgram([...sources.keys()], parsed.options, host)
  return [...sources].flatMap(([file, source]) => {
    const checked = program.getSourceFile(file)!
    const lines = source.split('\n')
    return ts.getPreEmitDiagnostics(program, checked).map((d) => ({
      file,
      line: d.start === undefined ? '' : (lines[checked.getLineAndCharacterOfPosition(d.start).line] ?? ''),
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }))
  })
}

/** `source` with the entry `entry` matches taken out; fails the test when there is none. */
function without(source: string, entry: RegExp): string {
  expect(source).toMatch(entry)
  return source.replace(entry, '')
}

test('the app builds one record with every kind of offering, and has words for each', () => {
  expect(Object.keys(offeringKinds()).sort()).toEqual([...OFFERING_KINDS].sort())
  expect(Object.keys(OFFERING_KIND_WORDS).sort()).toEqual([...OFFERING_KINDS].sort())
})

test('a kind left out of any record fails the typecheck, at the record, naming the kind', { timeout: 120_000 }, () => {
  const app = fs.readFileSync(APP, 'utf8')
  const words = fs.readFileSync(WORDS, 'utf8')
  const errors = typeErrorsWith(
    new Map([
      [APP, without(without(app, /\s*'academy-place': academyKind,?/), /\s*'provider-refund': refundThroughProvider\([^)]*\),?/)],
      [WORDS, without(words, /\n\s*'academy-place': \{[^}]*\},?/)],
    ]),
  )
  const at = (file: string, line: RegExp) =>
    errors
      .filter((e) => e.file === file && line.test(e.line))
      .map((e) => e.message)
      .join('\n')
  expect(at(APP, /'league-place': leagueKind/)).toMatch(/Property '.academy-place.' is missing/)
  expect(at(APP, /const jobHandlers = /)).toMatch(/Property '.provider-refund.' is missing/)
  expect(at(WORDS, /satisfies Record<OfferingKind, OfferingKindWords>/)).toMatch(/Property '.academy-place.' is missing/)
})
