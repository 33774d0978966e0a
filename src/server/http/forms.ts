import { phoneE164 } from '../../shared/phone.ts'
import { FORM_MESSAGES, normalisedForm, usePhoneReader, validateForm, type FormSpec } from '../../shared/validation/rules.ts'
import { badRequest } from './errors.ts'

/**
 * Checks a JSON body against the same form declaration the browser used (decision 0004) and
 * returns its fields normalised (`normalisedValue`: trimmed, one way of writing each name,
 * phone and email). Anything not declared is dropped, so fields like role, status, price or
 * userId can never ride along.
 */
/** The server reads phones fully and stores them as E.164, wherever a form is read (this module loads with every route). */
usePhoneReader(phoneE164)

export function parseForm<K extends string>(spec: FormSpec<K>, body: unknown): Record<K, string> {
  const source = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const values = normalisedForm(spec, source)
  const result = validateForm(spec, values)
  if (!result.valid) throw badRequest(result.message ?? 'Sorry, not all fields are filled out correctly.', result.errors as Record<string, string>)
  return values
}

/**
 * `parseForm`, then the form's checks across fields that its rules cannot express (a program's
 * `…FormProblems`: times in order, ages in order): any problem refuses the form with all of them.
 */
/**
 * `parseCheckedForm` with every problem at once: the rules' and the checks across fields together
 * (a rule's error first where a field has both), so a form is never refused in rounds.
 */
export function parseWholeForm<K extends string>(spec: FormSpec<K>, body: unknown, problemsOf: (form: Record<K, string>) => Partial<Record<K, string>>): Record<K, string> {
  const source = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const values = normalisedForm(spec, source)
  const rules = validateForm(spec, values)
  const problems = { ...problemsOf(values), ...rules.errors }
  if (Object.keys(problems).length > 0) throw badRequest(rules.message ?? FORM_MESSAGES.invalid, problems as Record<string, string>)
  return values
}

export function parseCheckedForm<K extends string>(spec: FormSpec<K>, body: unknown, problemsOf: (form: Record<K, string>) => Partial<Record<K, string>>): Record<K, string> {
  const form = parseForm(spec, body)
  const problems = problemsOf(form)
  if (Object.keys(problems).length > 0) throw badRequest(FORM_MESSAGES.invalid, problems as Record<string, string>)
  return form
}
