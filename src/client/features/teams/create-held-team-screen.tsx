import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import { StaffTeamForm } from '../../../shared/schemas/team.ts'
import type { TeamSummary } from '../../../shared/contracts/teams.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { TeamsTable } from '../../components/teams-table.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import type { teamLeaguesQuery, teamSummariesQuery } from '../../queries/teams.ts'
import { siteConfig } from '../../site-config.ts'
import { useCreateHeldTeam } from './api/use-create-held-team.ts'

/**
 * /createTeamAdmin: staff create a team for a captain from the soccer team waitlist (product §1).
 * Its place is held for the captain, who is emailed the link to complete it; unclaimed, the place
 * is released and admins are told.
 */
export function CreateHeldTeamScreen({
  leaguesQuery,
  teamsQuery,
}: {
  leaguesQuery: ReturnType<typeof teamLeaguesQuery>
  teamsQuery: ReturnType<typeof teamSummariesQuery>
}) {
  const create = useCreateHeldTeam()
  const leagues = useQuery(leaguesQuery)
  const teams = useQuery(teamsQuery)
  const [created, setCreated] = useState<TeamSummary | null>(null)
  const form = useForm(StaffTeamForm, { leagueId: '', name: '', captainEmail: '' })
  const held = teams.data?.teams.filter((t) => t.status === 'held') ?? []

  const submit = form.handleSubmit(async (values) => {
    try {
      const { team } = await create.mutateAsync(values)
      setCreated(team)
      form.setServerErrors({}, null)
    } catch (error) {
      setCreated(null)
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Creating the team failed. Please try again.')
    }
  })

  return (
    <section className="page">
      <h1>Create a Team (Staff)</h1>
      <p>
        When a place opens for a team on the soccer team waitlist, create the team here. Its captain is emailed a link to complete the
        registration (and to create an account if they have none); the place is held for them meanwhile.
      </p>
      <form className="staff-panel" onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        {leagues.error && <Alert>{`The leagues could not be loaded: ${errorMessage(leagues.error)}`}</Alert>}
        <SelectField label={StaffTeamForm.leagueId.label} field={form.field('leagueId')} error={form.errors.leagueId}>
          <option value="">Choose a team league</option>
          {leagues.data?.leagues.map((league) => (
            <option key={league.id} value={league.id}>
              {league.name}
              {league.teamPlacesLeft === 0 ? ' (full)' : league.teamPlacesLeft !== null ? ` (${league.teamPlacesLeft} team places left)` : ''}
            </option>
          ))}
        </SelectField>
        <TextField label={StaffTeamForm.name.label} field={form.field('name')} error={form.errors.name} autoComplete="off" />
        <TextField label={StaffTeamForm.captainEmail.label} type="email" field={form.field('captainEmail')} error={form.errors.captainEmail} autoComplete="off" />
        <button type="submit" className="button" disabled={form.submitting || !form.ready}>
          {form.submitting ? 'Creating…' : siteConfig.sendsEmail ? 'Create team and email the captain' : 'Create team'}
        </button>
      </form>
      {created && (
        <Alert tone="success">
          Created <Link to={href('leagueTeam', { leagueId: created.leagueId, teamId: created.id })}>{created.name}</Link> in {created.leagueName}.
          Its place is held for {created.captainEmail}
          {siteConfig.sendsEmail
            ? ', who has been emailed the link to complete it.'
            : '. Email is not set up on this site: give the captain the invite link from the team’s page so they can complete it.'}
        </Alert>
      )}
      <h2>Held for their captain</h2>
      {teams.error && <Alert>{errorMessage(teams.error)}</Alert>}
      {!teams.data && !teams.error && <p className="loading">Loading teams…</p>}
      {teams.data && held.length === 0 && <p>No team place is held right now.</p>}
      {held.length > 0 && <TeamsTable teams={held} showLeague />}
    </section>
  )
}
