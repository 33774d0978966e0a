import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'
import { OFFERING_KINDS } from '../shared/schemas/registration.ts'
import { offeringKinds } from './app.ts'

/**
 * The app's records of kinds — each kind of offering (app.ts `offeringKinds`) and who does each
 * kind of job (`jobHandlers`) — are complete because the typecheck says so, not because someone
 * remembered: a kind added to OFFERING_KINDS or to JobPayloads and left out of its record must
 * fail `npm run typecheck` (issue 31). Proven here by typechecking app.ts itself with an entry
 * taken out of each record, as the project's tsconfig.json checks it.
 */
const APP = path.resolve(import.meta.dirname, 'app.ts')

/** The typecheck's errors in app.ts when it reads `source`: each with the line it points at. */
function typeErrorsOfApp(source: string): { line: string; message: string }[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.resolve(import.meta.dirname, '../../tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    },
  })
  if (!parsed) throw new Error('tsconfig.json could not be read')
  const host = ts.createCompilerHost(parsed.options)
  const readSource = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, language, onError, fresh) =>
    path.resolve(fileName) === APP ? ts.createSourceFile(fileName, source, language) : readSource(fileName, language, onError, fresh)
  const program = ts.createProgram([APP], parsed.options, host)
  const app = program.getSourceFile(APP)!
  const lines = source.split('\n')
  return ts.getPreEmitDiagnostics(program, app).map((d) => ({
    line: d.start === undefined ? '' : (lines[app.getLineAndCharacterOfPosition(d.start).line] ?? ''),
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }))
}

test('the app builds one record with every kind of offering', () => {
  expect(Object.keys(offeringKinds()).sort()).toEqual([...OFFERING_KINDS].sort())
})

test('a kind left out of either record fails the typecheck, at the record, naming the kind', { timeout: 120_000 }, () => {
  const source = fs.readFileSync(APP, 'utf8')
  const academies = /\s*'academy-place': academyKind,?/
  const refunds = /\s*'provider-refund': refundThroughProvider\([^)]*\),?/
  expect(source).toMatch(academies)
  expect(source).toMatch(refunds)
  const errors = typeErrorsOfApp(source.replace(academies, '').replace(refunds, ''))
  const at = (line: RegExp) =>
    errors
      .filter((e) => line.test(e.line))
      .map((e) => e.message)
      .join('\n')
  expect(at(/'league-place': leagueKind/)).toMatch(/Property '.academy-place.' is missing/)
  expect(at(/const jobHandlers = /)).toMatch(/Property '.provider-refund.' is missing/)
})
