import { describe, expect, test } from 'vitest'
import { nothingDue } from './registration.ts'

describe('nothingDue', () => {
  test('a place taken or offered owes its balance', () => {
    expect(nothingDue({ status: 'confirmed', balanceCents: 4500 })).toBeNull()
    expect(nothingDue({ status: 'offered', balanceCents: 4500 })).toBeNull()
  })

  test('a waitlist position owes nothing until a place is claimed; what was paid still shows as paid', () => {
    expect(nothingDue({ status: 'waitlisted', balanceCents: 4500 })).toBe('Nothing due while on the waitlist')
    expect(nothingDue({ status: 'waitlisted', balanceCents: 0 })).toBeNull()
  })

  test('an ended registration owes nothing, whatever its balance', () => {
    for (const status of ['cancelled', 'declined', 'expired', 'moved'] as const) expect(nothingDue({ status, balanceCents: 4500 })).toBe('Nothing due')
  })
})
