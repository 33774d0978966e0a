import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { formatDate } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import { lastRegistrationDay } from '../../../shared/registration-window.ts'
import { purposeOf } from '../../../shared/route-purposes.ts'
import type { RouteDefinition } from '../../../shared/routes.ts'
import { CreateTeamForm, TEAM_PAYMENT_LABELS, TEAM_STATUS_LABELS } from '../../../shared/schemas/team.ts'
import type { MyTeam, TeamLeague } from '../../../shared/contracts/teams.ts'
import type { NavigationState } from '../../components/layout.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { useSession } from '../../lib/session.tsx'
import { readWaiverRequest, type WaiverRequest } from '../../lib/waiver-request.ts'
import { ApiError } from '../../lib/api.ts'
import { useForm, type FieldProps } from '../../lib/use-form.ts'
import { myTeamsQuery, type teamLeaguesQuery } from '../../queries/teams.ts'
import { siteConfig } from '../../site-config.ts'
import { useCreateTeam } from './api/use-create-team.ts'

/**
 * A captain names a team and becomes its captain; the team page follows. Under /adultBasketball
 * (the Adult Basketball card's Team Sign Up) only basketball leagues are offered.
 */
export function CreateTeamScreen({
  route,
  leaguesQuery,
  teamsQuery,
}: {
  route: RouteDefinition | undefined
  leaguesQuery: ReturnType<typeof teamLeaguesQuery>
  /** The signed-in person's teams; null for a visitor. */
  teamsQuery: ReturnType<typeof myTeamsQuery> | null
}) {
  const basketballOnly = route?.id === 'adultBasketball'
  const leagues = useQuery(leaguesQuery)
  const mine = useQuery({ ...(teamsQuery ?? myTeamsQuery('')), enabled: teamsQuery !== null })
  const teamIn = (leagueId: string) => mine.data?.teams.find((t) => t.leagueId === leagueId)

  return (
    <section className="page">
      <h1>{route?.title}</h1>
      <p>{basketballOnly ? 'Register your team for the Adult Basketball league: name it, and share its invite link with your players.' : route && purposeOf(route).description}</p>
      {mine.data && mine.data.teams.length > 0 && <YourTeams teams={mine.data.teams} />}
      {leagues.isError && <Alert>The leagues could not be loaded. Please try again later.</Alert>}
      {leagues.isPending && <p className="loading">Loading leagues…</p>}
      {leagues.data?.leagues.length === 0 && (
        <>
          <p>There are no team leagues open for new teams right now.</p>
          <p>
            Check <a href={siteConfig.websiteUrl}>our main website</a> for upcoming sessions.
          </p>
        </>
      )}
      {leagues.data && leagues.data.leagues.length > 0 && (
        <div className="sport-grid">
          {leagues.data.leagues.map((league) => (
            <TeamLeagueCard key={league.id} league={league} team={teamIn(league.id)} />
          ))}
        </div>
      )}
    </section>
  )
}

function YourTeams({ teams }: { teams: MyTeam[] }) {
  return (
    <section aria-labelledby="your-teams">
      <h2 id="your-teams">Your teams</h2>
      <ul className="link-list">
        {teams.map((team) => (
          <li key={team.id}>
            <Link to={href('leagueTeam', { leagueId: team.leagueId, teamId: team.id })}>{team.name}</Link> — {team.leagueName},{' '}
            {TEAM_STATUS_LABELS[team.status]}
            {team.isCaptain ? ' (you are the captain)' : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}

function feesText(league: TeamLeague): string {
  const parts = [
    league.teamFeeCents !== null ? `Team ${league.teamPayment === 'team-fee' ? 'fee' : 'deposit'} ${formatMoney(league.teamFeeCents)}` : null,
    league.playerFeeCents !== null ? `${formatMoney(league.playerFeeCents)} per player` : null,
  ]
  return parts.filter((p) => p !== null).join(', ')
}

function rosterText(league: TeamLeague): string | null {
  if (league.rosterMin !== null && league.rosterMax !== null) return `${league.rosterMin} to ${league.rosterMax} players`
  if (league.rosterMax !== null) return `Up to ${league.rosterMax} players`
  if (league.rosterMin !== null) return `At least ${league.rosterMin} players`
  return null
}

function TeamLeagueCard({ league, team }: { league: TeamLeague; team: MyTeam | undefined }) {
  const headingId = `league-${league.id}`
  const roster = rosterText(league)
  return (
    <article className="sport-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{league.name}</h2>
      <CardFacts
        facts={[
          ['Starts', formatDate(league.startDate)],
          ['Ends', formatDate(league.endDate)],
          ['Registration closes', formatDate(lastRegistrationDay(league))],
          league.rosterDeadline ? ['Roster deadline', formatDate(league.rosterDeadline)] : null,
          ['Fees', feesText(league) || 'Free'],
        ]}
      />
      {league.description && <p>{league.description}</p>}
      <p className="signup-fact">{TEAM_PAYMENT_LABELS[league.teamPayment]}.</p>
      {roster && <p className="signup-fact">Rosters: {roster}.</p>}
      {league.schedulePublished && (
        <p className="signup-fact">
          <Link to={href('schedule', { leagueId: league.id })}>
            Schedule and standings<span className="visually-hidden"> of {league.name}</span>
          </Link>
        </p>
      )}
      <p className="signup-fact">
        {league.teamPlacesLeft === null
          ? 'Places for every team.'
          : league.teamPlacesLeft > 0
            ? `${league.teamPlacesLeft} team place${league.teamPlacesLeft === 1 ? '' : 's'} left.`
            : `The league is full: a new team joins the waitlist${league.teamWaitlistSize > 0 ? ` (${league.teamWaitlistSize} waiting)` : ''}.`}
      </p>
      <div className="signup-action">
        {team ? (
          <p>
            Your team: <Link to={href('leagueTeam', { leagueId: league.id, teamId: team.id })}>{team.name}</Link>
          </p>
        ) : (
          <NewTeamForm league={league} />
        )}
      </div>
    </article>
  )
}

/** The team's name and the button; a visitor is asked to sign in, and the waiver comes first. */
function NewTeamForm({ league }: { league: TeamLeague }) {
  const { user } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const create = useCreateTeam(league.id)
  const form = useForm(CreateTeamForm, { name: '' })
  const fieldId = `team-name-${league.id}`
  const here = location.pathname + location.search
  const typed = typedTeamName(league.id)
  const nameField = form.field('name')

  const submit = form.handleSubmit(async ({ name }) => {
    if (!user) {
      navigate(href('signIn'), { state: { flash: 'Please sign in to create a team.', from: here } satisfies NavigationState })
      return
    }
    try {
      const { team } = await create.mutateAsync(name.trim())
      typed.write('')
      navigate(href('leagueTeam', { leagueId: league.id, teamId: team.id }), {
        state: {
          flash: team.status === 'waitlisted' ? `${team.name} is on the waitlist.` : `${team.name} is registered. Share its invite link with your players.`,
          flashTone: 'success',
        } satisfies NavigationState,
      })
    } catch (error) {
      if (error instanceof ApiError && error.fields.waiver === 'WAIVER_REQUIRED') {
        navigate(href('waiver'), { state: { from: here, resume: league.id } satisfies WaiverRequest })
      } else if (error instanceof ApiError) {
        form.setServerErrors({ name: error.fields.name }, error.message)
      } else {
        form.setServerErrors({}, 'Creating the team failed. Please try again.')
      }
    }
  })

  // The name typed before signing in or signing the waiver is there again on return; back from
  // the waiver with "Continue registration", the team is created at once (issue 21 §4).
  const restored = useRef(false)
  useEffect(() => {
    if (restored.current || !form.ready) return
    restored.current = true
    const name = typed.read()
    if (!name) return
    nameField.onChange({ target: { value: name } })
    if (user && readWaiverRequest(location.state).resume === league.id) {
      navigate(here, { replace: true, state: {} })
      submit()
    }
  })
  useEffect(() => {
    if (restored.current) typedTeamName(league.id).write(form.values.name)
  }, [league.id, form.values.name])

  // Each league's form has its own field id: several forms share the page.
  const field: FieldProps<string> = { ...nameField, name: fieldId, 'aria-describedby': form.errors.name ? `${fieldId}-error` : undefined }
  return (
    <form onSubmit={submit} noValidate aria-label={`Create a team in ${league.name}`}>
      {form.message && <Alert>{form.message}</Alert>}
      <TextField label={CreateTeamForm.name.label} field={field} error={form.errors.name} autoComplete="off" />
      <button type="submit" className="button" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Creating…' : league.teamPlacesLeft === 0 ? 'Join the team waitlist' : 'Create team'}
        <span className="visually-hidden"> in {league.name}</span>
      </button>
    </form>
  )
}

/** A team name typed for a league, kept for this tab while its person signs in or signs the waiver. */
function typedTeamName(leagueId: string) {
  const key = `typed-team-name:${leagueId}`
  return {
    read: () => sessionStorage.getItem(key) ?? '',
    write: (name: string) => (name ? sessionStorage.setItem(key, name) : sessionStorage.removeItem(key)),
  }
}
