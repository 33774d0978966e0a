import { describe, expect, test } from 'vitest'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import type { SessionUser } from '../../../shared/contracts/session.ts'
import { pageAnswers, renderPage } from '../../render-page.tsx'
import { testCustomer, testSite } from '../../render-fixtures.ts'

/*
 * A customer's record at the front desk as the server renders it for an employee (render-page.tsx),
 * from the answer of GET /api/desk/customers/:userId: whom each waiver signature covers, the email
 * address wrapping only at its @ and dots, and each row's order buttons only where they apply.
 */

const employee: SessionUser = { ...testCustomer, uid: 'employee-1', email: 'desk@example.com', displayName: 'Dana Desk', isEmployee: true, userRole: 'employee' }

const place = (overrides: Partial<RegistrationView>): RegistrationView => ({
  id: 'r-1',
  offering: { kind: 'league-place', id: 'off-1', name: 'Winter Soccer', startDate: '2027-01-10', endDate: '2027-03-10', ownerId: 'l-1', details: { kind: 'league-place', league: { id: 'l-1', sport: 'soccer' } } },
  userId: 'u-2',
  registrantName: 'Maria Rivera',
  registrantEmail: 'maria.rivera@example.com',
  child: null,
  status: 'confirmed',
  waitlistPosition: null,
  waitlistSize: 0,
  offerExpiresAt: null,
  receiptNumber: 'R-1001',
  priceCents: 4500,
  paidCents: 0,
  balanceCents: 4500,
  orderId: 'o-league',
  plan: null,
  createdAt: '2027-01-02T15:00:00Z',
  ...overrides,
})

const schedule = { weekdays: [], startTime: '18:00', endTime: '20:00', sessionDates: ['2027-01-12'] }

const customer: CustomerRecord = {
  id: 'u-2',
  displayName: 'Maria Rivera',
  email: 'maria.rivera@example.com',
  phone: '+15550100002',
  role: 'customer',
  createdAt: '2026-11-01T15:00:00Z',
  children: [{ id: 'c-1', firstName: 'Leo', lastName: 'Rivera', dateOfBirth: '2016-04-02', emergencyContactName: 'Maria Rivera', emergencyContactPhone: '+15550100002', notes: null, removable: false }],
  waiver: {
    currentVersion: 1,
    signatures: [
      { subjectKey: 'self', childId: null, waiverVersion: 1, signedName: 'Maria Rivera', signedAt: '2026-11-02T15:00:00Z', witnessedBy: null },
      { subjectKey: 'c-1', childId: 'c-1', waiverVersion: 1, signedName: 'Maria Rivera', signedAt: '2026-11-02T15:05:00Z', witnessedBy: 'Dana Desk' },
    ],
  },
  registrations: [
    place({}),
    place({ id: 'r-2', offering: { kind: 'drop-in-place', id: 'off-2', name: 'Open Gym', startDate: '2027-01-12', endDate: '2027-01-12', ownerId: 'd-1', details: { kind: 'drop-in-place', schedule } }, priceCents: 1000, balanceCents: 1000, orderId: 'o-drop-in' }),
    place({ id: 'r-3', offering: { kind: 'roster-place', id: 'off-3', name: 'Adult Basketball', startDate: '2027-01-10', endDate: '2027-03-10', ownerId: 'l-2', details: { kind: 'roster-place', league: { id: 'l-2', sport: 'basketball' }, team: { id: 't-1', name: 'Hoopers' } } }, priceCents: 0, balanceCents: 0, orderId: 'o-roster' }),
  ],
  teams: [],
  balanceCents: 5500,
  ordersTakingExtras: ['o-league', 'o-roster'],
}

async function recordPage(record: CustomerRecord = customer): Promise<string> {
  const path = '/desk/customer/u-2'
  const json: Record<string, unknown> = { '/api/desk/customers/u-2': { customer: record }, '/api/admin/leagues': { leagues: [] } }
  const answers = (await pageAnswers(path, employee)).map((a) => ({ queryKey: a.queryKey, json: JSON.stringify(json[a.url]) }))
  const { html } = await renderPage(testSite, path, answers, employee)
  return html
}

/** The row of the registrations table whose program cell starts with `name`. */
function row(html: string, name: string): string {
  return html.split('<tr').find((r) => r.includes(`>${name}`) && r.includes('<td'))!
}

describe('a customer’s record at the desk', () => {
  test('says whom each waiver signature covers: the account holder or the child', async () => {
    const html = await recordPage()
    expect(html).toMatch(/<li>Signed for Maria Rivera \(themself\) by Maria Rivera, version 1, [^<]* online<\/li>/)
    expect(html).toMatch(/<li>Signed for Leo Rivera by Maria Rivera, version 1, [^<]* at the desk with Dana Desk<\/li>/)
  })

  test('lets the email address wrap at its @ and dots only, on a line of its own', async () => {
    const html = await recordPage()
    expect(html).toContain('<div class="staff-fact-wide"><dt>Email</dt><dd>maria.<wbr/>rivera<wbr/>@example.<wbr/>com</dd></div>')
  })

  test('lists their teams, each with its next game once the schedule is out, and a team held for them until when', async () => {
    const team = { leagueId: 'l-2', leagueName: 'Adult Basketball', status: 'complete' as const, isCaptain: true, playerCount: 8, rosterMax: 10, heldForYou: null, schedulePublished: true }
    const nextGame = { id: 'g-1', date: '2027-01-12', startTime: '19:00', endTime: '20:00', area: { id: 'a-1', name: 'Court 1' }, opponent: { id: 't-2', name: 'Dunkers' }, home: true, result: null }
    const html = await recordPage({
      ...customer,
      teams: [
        { ...team, id: 't-1', name: 'Hoopers', nextGame },
        { ...team, id: 't-3', name: 'Net Gains', isCaptain: false, rosterMax: null, schedulePublished: false, nextGame: null },
        { ...team, id: 't-4', name: 'Late Starters', status: 'held', heldForYou: { until: '2027-01-05T17:00:00Z' }, schedulePublished: false, nextGame: null },
      ],
    })
    const teams = html.slice(html.indexOf('id="desk-teams"')).replaceAll('<!-- -->', '')
    expect(teams).toMatch(/data-discover="true">Hoopers<\/a><span class="account-muted"> — Adult Basketball, Complete, 8 of 10 players, captain<\/span><p class="next-game"><strong>Next game:<\/strong> Tuesday, 1\/12\/2027, 7:00 PM – 8:00 PM, Court 1, against Dunkers\.<\/p>/)
    expect(teams).toMatch(/>Net Gains<\/a><span class="account-muted"> — Adult Basketball, Complete, 8 players, player<\/span><\/li>/)
    expect(teams).toMatch(/<strong>Late Starters<\/strong><span class="account-muted"> — Adult Basketball\. The facility holds this team’s place for Maria Rivera until [^<]*2027[^<]*\.<\/span>/)
    expect(html).not.toContain('invite=secret')
  })

  test('has no teams section for a customer on no team', async () => {
    expect(await recordPage()).not.toContain('id="desk-teams"')
  })

  test('offers a code only where something is owed and an extra only where the order’s places take one', async () => {
    const html = await recordPage()
    expect(row(html, 'Winter Soccer')).toContain('Apply a code')
    expect(row(html, 'Winter Soccer')).toContain('Add an extra')
    expect(row(html, 'Open Gym')).toContain('Apply a code')
    expect(row(html, 'Open Gym')).not.toContain('Add an extra')
    expect(row(html, 'Adult Basketball')).not.toContain('Apply a code')
    expect(row(html, 'Adult Basketball')).toContain('Add an extra')
  })
})
