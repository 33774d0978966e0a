import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'

/**
 * Phone numbers (issue 21): stored in one form, E.164 (`+15550101234`), and shown formatted. A
 * number written without `+` and a country code is read as a number of the facility's country,
 * as money is read in its dollars (src/shared/money.ts).
 */
export const FACILITY_PHONE_COUNTRY: CountryCode = 'US'
const FACILITY_CALLING_CODE = getCountryCallingCode(FACILITY_PHONE_COUNTRY)

/** Digits and the usual punctuation only: no letters, no extension, no line breaks. */
const WRITTEN = /^\+?[\d \-.()]+$/

/**
 * The E.164 form of a number as a person typed it, or null when it cannot be a phone number (too
 * short or too long for its country: a US number needs its area code). Numbers that are possible
 * but unassigned, like the 555 ones of films and tests, are taken: typos of one digit pass any check.
 */
export function phoneE164(text: string): string | null {
  const written = text.trim()
  if (!WRITTEN.test(written)) return null
  const number = parsePhoneNumberFromString(written, FACILITY_PHONE_COUNTRY)
  return number?.isPossible() ? number.number : null
}

/** A stored number as people read it: the facility's own country's way, others' in international form. */
export function formatPhone(stored: string): string {
  const number = stored.startsWith('+') ? parsePhoneNumberFromString(stored) : undefined
  if (!number) return stored
  return number.countryCallingCode === FACILITY_CALLING_CODE ? number.formatNational() : number.formatInternational()
}
