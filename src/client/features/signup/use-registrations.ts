import { useEffect, useRef, useState } from 'react'
import { ACTIVE_STATUSES, type RegisterResult, type RegistrationView } from '../../../shared/schemas/registration.ts'
import { ApiError, api } from '../../lib/api.ts'
import { newIdempotencyKey, requestRegistration } from './register-api.ts'

/** What the page last heard about one participant in one league. */
export type Outcome = { kind: 'result'; result: RegisterResult } | { kind: 'error'; message: string }

/** What the screen must do after an attempt; the outcome itself is kept here. */
export type Attempt = 'registered' | 'failed' | 'in-flight' | 'waiver-required' | 'signed-out'

/** The server's key for the person themselves, where a child has their id (registrations.participantKey). */
const SELF = 'self'

export function participantKey(leagueId: string, childId: string | null): string {
  return `${leagueId}|${childId ?? SELF}`
}

export function isActive(outcome: Outcome | undefined): boolean {
  return outcome?.kind === 'result' && ACTIVE_STATUSES.includes(outcome.result.registration.status)
}

/**
 * Registrations made from a sign-up page: the person's existing ones (so a return visit says
 * "already registered" without a click), and each new attempt with its answer.
 */
export function useRegistrations(userId: string | null) {
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map())
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set())
  const keys = useRef(new Map<string, string>())
  // State updates land after the next render; a second click in the same frame must not send twice.
  const inFlight = useRef(new Set<string>())

  useEffect(() => {
    if (!userId) return
    let current = true
    api
      .get<{ registrations: RegistrationView[] }>('/api/registrations/mine')
      .then(({ registrations }) => {
        if (!current) return
        setOutcomes((shown) => {
          const next = new Map<string, Outcome>()
          for (const registration of registrations) {
            if (!ACTIVE_STATUSES.includes(registration.status)) continue
            next.set(participantKey(registration.leagueId, registration.child?.id ?? null), {
              kind: 'result',
              result: { registration, created: false },
            })
          }
          // An answer to a click made while this loaded is newer.
          for (const [key, outcome] of shown) next.set(key, outcome)
          return next
        })
      })
      // Only a convenience: the Register button still tells the person where they stand.
      .catch((error: unknown) => console.error('Could not load your registrations', error))
    return () => {
      current = false
    }
  }, [userId])

  const settle = (key: string, outcome: Outcome | null) =>
    setOutcomes((shown) => {
      const next = new Map(shown)
      if (outcome) next.set(key, outcome)
      else next.delete(key)
      return next
    })

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
