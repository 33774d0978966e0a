import { randomUUID } from 'node:crypto'
import type { Db } from '../src/server/db/connect.ts'
import { boolParam, timestampParam } from '../src/server/db/values.ts'
import { daysFromToday, expect, test, uniqueToken } from './fixtures.ts'

/*
 * Messages (issue 32): an employee writes to the guardians of a league's children — sees how many
 * it reaches and the email one of them receives, sends it, and finds it on the list of messages.
 */

/** Places in the league written straight to its tables: a child's under its guardian, or the account holder's own. */
async function placeInLeague(db: Db, leagueId: string, userId: string, children: number): Promise<void> {
  const { id: offeringId } = await db.kysely.selectFrom('offerings').select('id').where('leagueId', '=', leagueId).where('kind', '=', 'league-place').executeTakeFirstOrThrow()
  const at = timestampParam(db.dialect, new Date())
  const kids = Array.from({ length: children }, (_, n) => ({ id: randomUUID(), guardianId: userId, firstName: `Kid${n}`, lastName: 'Message', dateOfBirth: '2016-05-01', emergencyContactName: 'Someone', emergencyContactPhone: '+15550101234', notes: null, createdAt: at, updatedAt: at }))
  if (kids.length > 0) await db.kysely.insertInto('children').values(kids).execute()
  const childIds = kids.length > 0 ? kids.map((k) => k.id) : [null]
  await db.kysely
    .insertInto('registrations')
    .values(
      childIds.map((childId) => ({
        id: randomUUID(), offeringId, userId, participantKey: childId ?? 'self', childId, status: 'confirmed' as const, seq: 0, receiptNumber: `E2E-MSG-${uniqueToken()}`,
        idempotencyKey: null, offerExpiresAt: null, waiverVersion: null, teamId: null, leagueSlot: null, photoConsent: boolParam(db.dialect, false), createdAt: at, updatedAt: at,
      })),
    )
    .execute()
}

test('an employee writes to a league’s guardians: the count and a preview, then sends it and finds it on the list', async ({ asEmployee: page, backend, createUser, insertLeague }) => {
  const name = `Message Kids ${uniqueToken()}`
  const leagueId = await insertLeague({ name, sport: 'soccer', kind: 'individual', priceCents: 4500, registrationDate: daysFromToday(-5), startDate: daysFromToday(10) })
  const [first, second, adult] = await Promise.all([createUser({ label: 'msg-guardian-a' }), createUser({ label: 'msg-guardian-b' }), createUser({ label: 'msg-adult' })])
  await placeInLeague(backend.db, leagueId, first.id, 2)
  await placeInLeague(backend.db, leagueId, second.id, 1)
  await placeInLeague(backend.db, leagueId, adult.id, 0)

  await page.goto('/desk')
  await page.getByRole('link', { name: /^Messages/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages')
  await page.getByLabel('To', { exact: true }).selectOption({ label: name })
  await page.getByLabel('Whom').selectOption({ label: 'Guardians of children' })
  await page.getByLabel('Subject').fill('No practice on Saturday')
  await page.getByLabel('Message', { exact: true }).fill('The gym is closed on Saturday for repairs.')
  await page.getByRole('button', { name: 'Preview' }).click()

  // Two guardians, the one with two children once; the adult playing for themselves is no guardian.
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview.getByText('Reaches 2 addresses, each once.')).toBeVisible()
  const firstTo = [first.email, second.email].sort()[0]!
  await expect(preview.getByRole('definition')).toContainText([firstTo, 'No practice on Saturday'])
  await expect(preview.getByText(/The gym is closed on Saturday for repairs\.[\s\S]*To receive no more messages like this one at this address: http:\/\/[^ ]+\/unsubscribe\//)).toBeVisible()

  await page.getByRole('button', { name: 'Send to 2 addresses' }).click()
  await expect(page.getByText('Sent to 2 addresses: “No practice on Saturday” is on its way, and on the list below.')).toBeVisible()
  const row = page.getByRole('table', { name: 'Sent messages' }).getByRole('row', { name: /No practice on Saturday/ })
  await expect(row).toContainText(`${name}: guardians of children`)
  await expect(row).toContainText('2')
})
