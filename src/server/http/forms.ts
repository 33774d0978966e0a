import { phoneE164 } from '../../shared/phone.ts'
import { normalisedForm, usePhoneReader, validateForm, type FormSpec } from '../../shared/validation/rules.ts'
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
