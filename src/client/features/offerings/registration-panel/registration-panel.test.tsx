import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { expect, test } from 'vitest'
import type { RegistrationDetail } from '../../../../shared/contracts/registrations.ts'
import { testCustomer } from '../../../render-fixtures.ts'
import { SessionProvider } from '../../../lib/session.tsx'
import { registrationDetailQuery } from '../../../queries/registration-detail.ts'
import { RegistrationDetailPanel } from './registration-panel.tsx'

/** A confirmed place, part paid at the desk: an admin sees its three money forms at once (a refund, a desk payment, a price adjustment). */
const detail: RegistrationDetail = {
  registration: {
    id: 'r-1',
    offering: { kind: 'league-place', id: 'o-1', ownerId: 'l-1', name: 'Spring Soccer', startDate: '2027-03-01', endDate: '2027-05-01', details: { kind: 'league-place', league: { id: 'l-1', sport: 'soccer' } } },
    userId: 'u-1',
    registrantName: 'Pat Parent',
    registrantEmail: 'pat@example.com',
    child: null,
    status: 'confirmed',
    waitlistPosition: null,
    waitlistSize: 0,
    offerExpiresAt: null,
    receiptNumber: 'R-0001',
    priceCents: 15000,
    paidCents: 5000,
    balanceCents: 10000,
    orderId: 'ord-1',
    plan: null,
    createdAt: '2027-01-05T15:00:00Z',
  },
  payments: [{ id: 'p-1', move: 'payment', amountCents: 5000, method: 'cash', reference: null, card: null, status: 'succeeded', recordedAt: '2027-01-06T15:00:00Z', lineId: 'line-1', refundableCents: 5000 }],
  extras: [],
  history: [],
}

function renderPanel(): string {
  const client = new QueryClient()
  client.setQueryData(registrationDetailQuery('r-1').queryKey, detail)
  return renderToString(
    <QueryClientProvider client={client}>
      <SessionProvider serverUser={{ ...testCustomer, uid: 'a-1', isAdmin: true, userRole: 'admin' }}>
        <MemoryRouter>
          <RegistrationDetailPanel registrationId="r-1" onClose={() => undefined} />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  )
}

test('the panel with its three money forms open gives each field an id of its own, and each label names the field of its own form', () => {
  const html = renderPanel()
  const forms = [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => m[0])
  expect(forms).toHaveLength(3)

  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])

  for (const form of forms) {
    const labels = [...form.matchAll(/<label[^>]*\sfor="([^"]+)"[^>]*>([^<]*)</g)]
    expect(labels.length).toBeGreaterThan(0)
    for (const [, target, text] of labels) {
      expect(form, `the field labelled ${text} is in its own form`).toMatch(new RegExp(`<(input|select|textarea)[^>]*\\sid="${target!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`))
    }
    const described = [...form.matchAll(/aria-describedby="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '))
    for (const id of described) expect(form, `${id} describes a field of its own form`).toContain(` id="${id}"`)
  }
})
