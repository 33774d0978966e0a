import { describe, expect, test } from 'vitest'
import type { readRegistration } from '../../shared/contracts/registrations.ts'
import type { listOpenLeagues } from '../../shared/contracts/leagues.ts'
import type { readOutbox } from '../../shared/contracts/mail.ts'
import { urlOf } from './endpoint.ts'

describe('urlOf: the address of a declared route', () => {
  test('path params are encoded, so an id cannot reach another route', () => {
    expect(urlOf<typeof readRegistration>('/api/admin/registrations/:registrationId', { params: { registrationId: '../x y?z' } })).toBe(
      '/api/admin/registrations/..%2Fx%20y%3Fz',
    )
  })

  test('a query sends only the fields that are set', () => {
    expect(urlOf<typeof listOpenLeagues>('/api/leagues/open', { query: {} })).toBe('/api/leagues/open')
    expect(urlOf<typeof listOpenLeagues>('/api/leagues/open', { query: { sport: 'kids' } })).toBe('/api/leagues/open?sport=kids')
    expect(urlOf<typeof readOutbox>('/api/admin/outbox', { query: { page: '2' } })).toBe('/api/admin/outbox?page=2')
  })
})
