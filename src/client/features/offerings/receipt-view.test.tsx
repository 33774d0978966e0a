import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { SessionUser } from '../../../shared/contracts/session.ts'
import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { pageAnswers, renderPage } from '../../render-page.tsx'
import { testCustomer as owner, testSite as site } from '../../render-fixtures.ts'
import { ApiError } from '../../lib/api.ts'
import { SessionProvider } from '../../lib/session.tsx'
import { ReceiptScreen } from './receipt-screen.tsx'

/*
 * Every kind's receipt is one view (issue 31 §1): a league's place and a program's places, each
 * kind giving its facts after the registrant; rendered as the server renders the pages.
 */

const place = (n: number, overrides: Partial<Receipt> = {}): Receipt => ({
  id: `r-${n}`,
  offering: { kind: 'league-place', id: 'o-1', ownerId: 'l-1', name: 'Spring Soccer', startDate: '2027-03-01', endDate: '2027-05-01', details: { kind: 'league-place', league: { id: 'l-1', sport: 'soccer' } } },
  userId: 'u-1',
  registrantName: 'Pat Parent',
  registrantEmail: 'pat@example.com',
  child: { id: `k-${n}`, name: `Child ${n}` },
  status: 'confirmed',
  waitlistPosition: null,
  waitlistSize: 0,
  offerExpiresAt: null,
  receiptNumber: `R-000${n}`,
  priceCents: 15000,
  paidCents: 5000,
  balanceCents: 10000,
  orderId: 'ord-1',
  plan: null,
  createdAt: '2027-01-05T15:00:00Z',
  payments: [{ id: `p-${n}`, move: 'payment', amountCents: 5000, method: 'cash', reference: null, card: null, status: 'succeeded', recordedAt: '2027-01-06T15:00:00Z', lineId: 'line-1', refundableCents: 5000 }],
  charges: null,
  extras: [],
  ...overrides,
})

async function render(path: string, body: unknown): Promise<string> {
  const answers = (await pageAnswers(path, owner)).map((answer) => ({ queryKey: answer.queryKey, json: JSON.stringify(body) }))
  expect(answers).toHaveLength(1)
  const { html } = await renderPage(site, path, answers, owner)
  return html
}

describe('one receipt view for every kind', () => {
  test("a league's receipt is of one place: the child, the league, its status and price among the facts, then its payments", async () => {
    const html = await render('/receipt/user/u-1/league/l-1/registration/r-1', { receipt: place(1) })
    expect(html).toContain('<h1>Receipt</h1>')
    expect(html).toContain('aria-label="Receipt R-0001"')
    expect(html).toMatch(/<dt>Registrant<\/dt>.*<dt>Child<\/dt><dd>Child 1<\/dd>.*<dt>League<\/dt><dd>Spring Soccer<br\/>.*<dt>Status<\/dt><dd>Confirmed<\/dd>.*<dt>Price<\/dt><dd>\$150\.00<\/dd>/s)
    expect(html).not.toContain('<h2>Participants</h2>')
    expect(html).not.toContain('<th scope="col">For</th>')
    expect(html).toMatch(/<dt>Balance due<\/dt><dd>\$100\.00<\/dd>/)
  })

  test("a camp's receipt lists each child's place, whom each payment was for, and what the family owes in all", async () => {
    const camp = { id: 'c-1', name: 'Spring Break Camp', sport: 'soccer', coach: 'Coach Lee', location: 'Gym', days: ['2027-03-15', '2027-03-16'], startTime: '09:00', endTime: '15:00', startDate: '2027-03-15', endDate: '2027-03-16' }
    const html = await render('/campReceipt/user/u-1/camp/c-1', { receipt: { camp, places: [place(1, { receiptNumber: 'R-0001' }), place(2, { receiptNumber: 'R-0002' })] } })
    expect(html).toContain('<h1>Camp Receipt</h1>')
    expect(html).toContain('aria-label="Receipt for Spring Break Camp"')
    expect(html).toMatch(/<dt>Receipt (<!-- -->)?numbers<\/dt><dd>R-0001, R-0002<\/dd>/)
    expect(html).toMatch(/<dt>Camp<\/dt><dd>Spring Break Camp<br\/>.*<dt>When<\/dt><dd>9:00 AM – 3:00 PM each day<br\/>Gym<\/dd>.*<dt>Coach<\/dt><dd>Coach Lee<\/dd>.*<dt>2 days<\/dt>/s)
    expect(html).toContain('<h2>Participants</h2>')
    expect(html).toMatch(/<th scope="row">Child 2<\/th><td data-label="Receipt number">R-0002<\/td>/)
    expect(html).toContain('<th scope="col">For</th>')
    expect(html).toMatch(/<dt>Balance due<\/dt><dd>\$200\.00<\/dd>/)
  })

  test("a one-day drop-in's receipt states its day once, under the drop-in, not again as its one session", async () => {
    const dropIn = { id: 'd-1', name: 'Open Gym Basketball', sport: 'basketball', location: 'Courts 1 and 2', academyName: null, date: '2027-03-15', startTime: '10:00', endTime: '12:00' }
    const html = await render('/dropInReceipt/user/u-1/dropIn/d-1', { receipt: { dropIn, places: [place(1)] } })
    expect(html).toMatch(/<dt>Drop-in<\/dt><dd>Open Gym Basketball<br\/>3\/15\/2027<\/dd>/)
    expect(html.match(/3\/15\/2027/g)).toHaveLength(1)
    expect(html).not.toContain('1 session')
  })
})

describe('a place on a payment plan', () => {
  test("its receipt lists the plan's parts as the checkout does: each day, amount and whether it is paid", async () => {
    const plan = { depositCents: 5000, dueDates: ['2027-02-01', '2027-03-01'] }
    const html = await render('/receipt/user/u-1/league/l-1/registration/r-1', { receipt: place(1, { plan }) })
    expect(html).toContain('aria-label="Payment plan for Child 1"')
    expect(html).toMatch(/<li[^>]*>Deposit \$50\.00: paid<\/li>/)
    expect(html).toMatch(/<li[^>]*>\$50\.00 due 2\/1\/2027: (not due yet|due now|overdue)<\/li>/)
    expect(html).toMatch(/<li[^>]*>\$50\.00 due 3\/1\/2027: (not due yet|due now|overdue)<\/li>/)
  })

  test('a place paid in one go shows no plan', async () => {
    const html = await render('/receipt/user/u-1/league/l-1/registration/r-1', { receipt: place(1) })
    expect(html).not.toContain('Payment plan for')
  })
})

describe('a receipt not found', () => {
  const notFound = (user: SessionUser) =>
    renderToString(
      <SessionProvider serverUser={user}>
        <MemoryRouter>
          <ReceiptScreen title="Receipt" receipt={undefined} error={new ApiError(404, 'There is no such receipt.')} />
        </MemoryRouter>
      </SessionProvider>,
    )

  test('sends its owner to their account, and staff back to the front desk, not to an account of their own', () => {
    expect(notFound(owner)).toContain('>Go to your account</a>')
    const staff = notFound({ ...owner, uid: 'e-1', isEmployee: true, userRole: 'employee' })
    expect(staff).toContain('<h2>Receipt not found</h2>')
    expect(staff).toMatch(/<a href="\/desk"[^>]*>Back to the front desk<\/a>/)
    expect(staff).not.toContain('your account')
    expect(staff).not.toContain('not yours')
  })
})
