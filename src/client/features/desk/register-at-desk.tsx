import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { owedAtDesk } from '../../../shared/payment-plan.ts'
import { leaguePriceText } from '../../../shared/schemas/league.ts'
import { ACCOUNT_HOLDER } from '../../../shared/schemas/registration.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { adminLeaguesQuery } from '../../queries/admin-leagues.ts'
import { teamSummariesQuery } from '../../queries/teams.ts'
import { useRegisterAtDesk } from './api/use-register-at-desk.ts'
import type { Participant } from '../offerings/customer-participants.ts'
import { deskPriceText, toPayText } from '../offerings/program-at-desk.tsx'
import { useToday } from '../offerings/use-today.ts'
import { AcademyAtDesk } from './academy-at-desk.tsx'

/**
 * Another kind of offering the desk signs a customer up for here (a camp): its choice in "Register
 * for" and its form, handed in by the page so the desk names no other feature's screens.
 */
export interface DeskSignUp {
  value: string
  label: string
  form(customer: CustomerRecord, signed: (key: string) => boolean): ReactNode
}

/** Registers the customer or a child for an open league, puts the customer on a team of a team league, or signs them up for an academy or another offering of `more`. */
export function RegisterAtDesk({ customer, participants, more }: { customer: CustomerRecord; participants: Participant[]; more: readonly DeskSignUp[] }) {
  const leagues = useQuery(adminLeaguesQuery())
  const today = useToday()
  const open = leagues.data?.leagues.filter((l) => l.isActive) ?? []
  const [leagueId, setLeagueId] = useState('')
  const league = open.find((l) => l.id === leagueId)
  const teamLeague = league?.kind === 'team'
  const teams = useQuery({ ...teamSummariesQuery(leagueId), enabled: teamLeague })
  const [teamId, setTeamId] = useState('')
  const [who, setWho] = useState(ACCOUNT_HOLDER)
  const [outcome, setOutcome] = useState('')
  const register = useRegisterAtDesk(customer.id)
  const [what, setWhat] = useState('league')
  const other = more.find((m) => m.value === what)
  const signed = (key: string) => customer.waiver.signatures.some((s) => s.subjectKey === key && s.waiverVersion === customer.waiver.currentVersion)
  const registerChosen = () => {
    setOutcome('')
    const place = teamLeague ? { leagueId, teamId, childId: '' } : { leagueId, teamId: '', childId: participants.find((p) => p.key === who)?.childId ?? '' }
    register.mutate(place, {
      onSuccess: ({ registration }) => {
        const { details, name } = registration.offering
        const where = 'team' in details ? `${details.team.name} in ${name}` : name
        setOutcome(
          registration.status === 'waitlisted'
            ? `${where} is full: number ${registration.waitlistPosition} on the waitlist.`
            : `Registered for ${where}. ${toPayText(owedAtDesk([registration], today), 'take the payment below')}`,
        )
      },
    })
  }
  return (
    <section className="account-panel" aria-labelledby="desk-register">
      <h3 id="desk-register">Register for a league, a team{more.map((m) => `, ${m.label.toLowerCase()}`).join('')} or an academy</h3>
      <div className="field">
        <label htmlFor="desk-register-what">Register for</label>
        <select id="desk-register-what" value={what} onChange={(e) => setWhat(e.target.value)}>
          <option value="league">A league or a team</option>
          <option value="academy">An academy</option>
          {more.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      {other ? (
        other.form(customer, signed)
      ) : what === 'academy' ? (
        <AcademyAtDesk customer={customer} signed={signed} />
      ) : (
        <>
          <div className="toolbar">
            <div className="field">
              <label htmlFor="desk-league">League</label>
              <select
                id="desk-league"
                value={leagueId}
                onChange={(e) => {
                  setLeagueId(e.target.value)
                  setTeamId('')
                }}
              >
                <option value="">Choose a league</option>
                {open.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} ({l.kind === 'team' ? `teams, ${leaguePriceText(l)}` : deskPriceText(l, today)})
                  </option>
                ))}
              </select>
            </div>
            {teamLeague ? (
              <div className="field">
                <label htmlFor="desk-team">Team</label>
                <select id="desk-team" value={teamId} onChange={(e) => setTeamId(e.target.value)} disabled={!teams.data}>
                  <option value="">{teams.data ? 'Choose a team' : 'Loading teams…'}</option>
                  {teams.data?.teams.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name} ({t.playerCount}
                      {t.rosterMax !== null && ` of ${t.rosterMax}`} players)
                    </option>
                  ))}
                </select>
              </div>
            ) : (
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
            )}
          </div>
          <button type="button" className="button" disabled={!leagueId || (teamLeague && !teamId) || register.isPending} onClick={registerChosen}>
            {register.isPending ? 'Registering…' : teamLeague ? 'Put on the team' : 'Register'}
          </button>
          <p role="status">{outcome}</p>
          {register.error && <Alert>{errorMessage(register.error)}</Alert>}
          {teams.data?.teams.length === 0 && <p className="field-hint">This league has no team yet: a captain creates one from Create a Team.</p>}
        </>
      )}
    </section>
  )
}
