import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import { ACTIVE_STATUSES, participantKeyOf } from '../../../shared/schemas/registration.ts'
import type { RegisterResult } from '../../../shared/contracts/registrations.ts'
import { ApiError } from '../../lib/api.ts'
import { myRegistrationsQuery } from '../../queries/my-registrations.ts'
import { newIdempotencyKey } from '../../lib/idempotency-key.ts'
import { requestRegistration } from './api/request-registration.ts'

/** What the page last heard about one participant in one league. */
export type Outcome = { kind: 'result'; result: RegisterResult } | { kind: 'error'; message: string }

/** What the screen must do after an attempt; the outcome itself is kept here. */
export type Attempt = 'registered' | 'failed' | 'in-flight' | 'waiver-required' | 'signed-out'

export function participantKey(leagueId: string, childId: string | null): string {
  return `${leagueId}|${participantKeyOf(childId)}`
}

export function isActive(outcome: Outcome | undefined): boolean {
  return outcome?.kind === 'result' && ACTIVE_STATUSES.includes(outcome.result.registration.status)
}

/**
 * Registrations made from a sign-up page: the person's existing ones (so a return visit says
 * "already registered" without a click), and each new attempt with its answer.
 */
export function useRegistrations(userId: string | null) {
  const client = useQueryClient()
  const mine = useQuery({ ...myRegistrationsQuery(userId ?? ''), enabled: userId !== null })
  // Each attempt's answer, newer than the list: null when an attempt left nothing to show.
  const [attempts, setAttempts] = useState<ReadonlyMap<string, Outcome | null>>(new Map())
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set())
  const keys = useRef(new Map<string, string>())
  // State updates land after the next render; a second click in the same frame must not send twice.
  const inFlight = useRef(new Set<string>())

  const outcomes = useMemo(() => {
    const shown = new Map<string, Outcome>()
    for (const registration of mine.data?.registrations ?? []) {
      const { details } = registration.offering
      if (!('league' in details) || !ACTIVE_STATUSES.includes(registration.status)) continue
      shown.set(participantKey(details.league.id, registration.child?.id ?? null), { kind: 'result', result: { registration, created: false } })
    }
    for (const [key, outcome] of attempts) {
      if (outcome) shown.set(key, outcome)
      else shown.delete(key)
    }
    return shown
  }, [mine.data, attempts])

  const settle = (key: string, outcome: Outcome | null) => setAttempts((shown) => new Map(shown).set(key, outcome))

  async function register(leagueId: string, childId: string | null): Promise<Attempt> {
    const key = participantKey(leagueId, childId)
    if (inFlight.current.has(key)) return 'in-flight'
    inFlight.current.add(key)
    setPending((p) => new Set(p).add(key))
    let idempotencyKey = keys.current.get(key)
    if (!idempotencyKey) {
      idempotencyKey = newIdempotencyKey()
      keys.current.set(key, idempotencyKey)
    }
    try {
      settle(key, { kind: 'result', result: await requestRegistration(leagueId, childId, idempotencyKey) })
      if (userId) void client.invalidateQueries({ queryKey: myRegistrationsQuery(userId).queryKey })
      return 'registered'
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.fields.waiver === 'WAIVER_REQUIRED') {
        settle(key, null)
        return 'waiver-required'
      }
      // The stored user outlived the server's session: sign in again.
      if (error instanceof ApiError && error.status === 401) {
        settle(key, null)
        return 'signed-out'
      }
      settle(key, { kind: 'error', message: error instanceof ApiError ? error.message : 'Registering failed. Please try again.' })
      return 'failed'
    } finally {
      inFlight.current.delete(key)
      setPending((p) => {
        const next = new Set(p)
        next.delete(key)
        return next
      })
    }
  }

  return { outcomes, pending, register }
}
