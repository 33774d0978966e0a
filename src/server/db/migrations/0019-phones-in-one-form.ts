import type { Kysely } from 'kysely'
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/** A number's E.164 form as src/shared/phone.ts made it when this migration was written (that may change; this must not). */
function e164(text: string): string | null {
  const written = text.trim()
  if (!/^\+?[\d \-.()]+$/.test(written)) return null
  const number = parsePhoneNumberFromString(written, 'US')
  return number?.isPossible() ? number.number : null
}

interface Phones {
  users: { id: string; phone: string | null }
  children: { id: string; emergencyContactPhone: string }
}

/**
 * Phone numbers are stored in one form, E.164 (issue 21): the accounts' and the emergency
 * contacts' numbers saved before are written that way. A number that cannot be read as one (a
 * local number without its area code) stays as it was, and shows as it was typed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<Phones>
  for (const user of await trx.selectFrom('users').select(['id', 'phone']).where('phone', 'is not', null).execute()) {
    const phone = e164(user.phone ?? '')
    if (phone && phone !== user.phone) await trx.updateTable('users').set({ phone }).where('id', '=', user.id).execute()
  }
  for (const child of await trx.selectFrom('children').select(['id', 'emergencyContactPhone']).execute()) {
    const phone = e164(child.emergencyContactPhone)
    if (phone && phone !== child.emergencyContactPhone) await trx.updateTable('children').set({ emergencyContactPhone: phone }).where('id', '=', child.id).execute()
  }
}
