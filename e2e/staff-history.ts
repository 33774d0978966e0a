import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { BASE_URL, expect, type TestUser } from './fixtures.ts'

/*
 * A registration with a change by staff on it, for the specs that read a record's Changes by staff
 * (components/record-history.tsx): the customer registers through the API, as the sign-up page
 * does, and the admin signed in on `admin` records a check at the desk.
 */

/** Registers `customer` for the league and has the admin record a $10 check on it; answers the registration's id. */
export async function registrationWithDeskPayment(request: APIRequestContext, admin: Page, customer: TestUser, leagueId: string): Promise<string> {
  const sent = { headers: { origin: BASE_URL } }
  const signIn = await request.post(`${BASE_URL}/api/auth/sign-in/email`, { ...sent, data: { email: customer.email, password: customer.password } })
  expect(signIn.ok(), await signIn.text()).toBe(true)
  const waiver = await request.post(`${BASE_URL}/api/waiver/signatures`, { ...sent, data: { signedName: customer.displayName, agree: 'yes' } })
  expect(waiver.status(), await waiver.text()).toBe(201)
  const registered = await request.post(`${BASE_URL}/api/leagues/${leagueId}/registrations`, { ...sent, data: {} })
  expect(registered.status(), await registered.text()).toBe(201)
  const { registration } = (await registered.json()) as { registration: { id: string } }
  const paid = await admin.request.post(`${BASE_URL}/api/admin/registrations/${registration.id}/payments`, { ...sent, data: { amount: '10.00', method: 'check', reference: 'Check 77' } })
  expect(paid.status(), await paid.text()).toBe(201)
  return registration.id
}

/** The list of changes staff made to one record. */
export const changesByStaff = (within: Page | Locator) => within.getByRole('list', { name: 'Changes by staff' })
