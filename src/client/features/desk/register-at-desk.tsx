import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatMoney } from '../../../shared/money.ts'
import { ACCOUNT_HOLDER } from '../../../shared/schemas/registration.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { adminLeaguesQuery } from '../../queries/admin-leagues.ts'
import { useRegisterAtDesk } from './api/use-register-at-desk.ts'
import type { Participant } from './participants.ts'

export function RegisterAtDesk({ customer, participants }: { customer: CustomerRecord; participants: Participant[] }) {
  const leagues = useQuery(adminLeaguesQuery())
  const open = leagues.data?.leagues.filter((l) => l.isActive && l.kind === 'individual') ?? []
  const [leagueId, setLeagueId] = useState('')
  const [who, setWho] = useState(ACCOUNT_HOLDER)
  const [outcome, setOutcome] = useState('')
  const register = useRegisterAtDesk(customer.id)
  const registerChosen = () => {
    setOutcome('')
    register.mutate(
      { leagueId, childId: participants.find((p) => p.key === who)?.childId ?? '' },
      {
        onSuccess: ({ registration }) => {
          const league = registration.offering.name
          setOutcome(
            registration.status === 'waitlisted'
              ? `${league} is full: number ${registration.waitlistPosition} on the waitlist.`
              : `Registered for ${league}. Balance ${formatMoney(registration.balanceCents)}: take the payment below.`,
          )
        },
      },
    )
  }
  return (
    <section className="account-panel" aria-labelledby="desk-register">
      <h3 id="desk-register">Register for a league</h3>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="desk-league">League</label>
          <select id="desk-league" value={leagueId} onChange={(e) => setLeagueId(e.target.value)}>
            <option value="">Choose a league</option>
            {open.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({formatMoney(l.priceCents)})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="desk-participant">Who plays</label>
          <select id="desk-participant" value={who} onChange={(e) => setWho(e.target.value)}>
            {participants.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="button" className="button" disabled={!leagueId || register.isPending} onClick={registerChosen}>
        {register.isPending ? 'Registering…' : 'Register'}
      </button>
      <p role="status">{outcome}</p>
      {register.error && <Alert>{errorMessage(register.error)}</Alert>}
      <p className="field-hint">Teams: open the team’s page from the customer’s registrations, or place them from Manage League Players.</p>
    </section>
  )
}
