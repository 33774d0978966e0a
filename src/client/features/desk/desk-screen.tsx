import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { formatPhone } from '../../../shared/phone.ts'
import { useDeferredValue, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { href } from '../../../shared/paths.ts'
import { WalkInForm } from '../../../shared/schemas/desk.ts'
import type { NavigationState } from '../../components/layout.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import type { adminLeaguesQuery } from '../../queries/admin-leagues.ts'
import { customerSearchQuery } from '../../queries/desk.ts'
import { useCreateWalkIn } from './api/use-create-walk-in.ts'

/** The front desk (docs/decisions/0016): find a customer as you type, add a walk-in, or open a league's list. */
export function DeskScreen({ leaguesQuery }: { leaguesQuery: ReturnType<typeof adminLeaguesQuery> }) {
  return (
    <section className="page">
      <h1>Front Desk</h1>
      <ul className="link-list">
        <li>
          <Link to={href('deskAcademies')}>Academies: participants and attendance</Link>
        </li>
        <li>
          <Link to={href('deskCamps')}>Camps: children, waitlist and signing a family up</Link>
        </li>
        <li>
          <Link to={href('deskDropIns')}>Drop-ins at the door: headcount, check-in and selling a place</Link>
        </li>
        <li>
          <Link to={href('deskDrawer')}>The drawer: the day’s payments by method and by who took them, to check the cash and the card terminal against</Link>
        </li>
        <li>
          <Link to={href('messages')}>Messages: write to a league, a team, an academy, a camp or a waitlist</Link>
        </li>
        <li>
          <Link to={href('scores', {})}>Scores: enter the results of team leagues’ games, and see the standings</Link>
        </li>
      </ul>
      <CustomerSearch />
      <WalkIn />
      <LeagueLists leaguesQuery={leaguesQuery} />
    </section>
  )
}

function CustomerSearch() {
  const [typed, setTyped] = useState('')
  const q = useDeferredValue(typed.trim())
  const { data, error, isFetching } = useQuery({ ...customerSearchQuery(q), placeholderData: keepPreviousData })
  const customers = q.length >= 2 ? data?.customers : undefined
  return (
    <section className="account-panel" aria-labelledby="desk-find">
      <h2 id="desk-find">Find a customer</h2>
      <div className="field">
        <label htmlFor="desk-search">Name, email, phone or a child’s name</label>
        <input id="desk-search" type="search" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} aria-describedby="desk-search-hint" />
        <p id="desk-search-hint" className="field-hint">
          Type two letters or more; the best matches come first.
        </p>
      </div>
      {error && <Alert>{errorMessage(error)}</Alert>}
      <p role="status" className="visually-hidden">
        {customers ? `${customers.length} customer${customers.length === 1 ? '' : 's'} found` : isFetching ? 'Searching…' : ''}
      </p>
      {customers && customers.length === 0 && <p>Nobody matches “{q}”. Check the spelling, or add them as a new customer below.</p>}
      {customers && customers.length > 0 && (
        <ul className="desk-results">
          {customers.map((c) => (
            <li key={c.id}>
              <Link to={href('deskCustomer', { userId: c.id })}>{c.displayName}</Link>
              <span className="desk-result-detail">
                {c.email} · {formatPhone(c.phone)}
                {c.children.length > 0 && ` · Children: ${c.children.join(', ')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A customer with no account: made without a password, claimed later from a link. */
function WalkIn() {
  const navigate = useNavigate()
  const create = useCreateWalkIn()
  const form = useForm(WalkInForm, { displayName: '', email: '', phone: '' })
  const submit = form.handleSubmit(async (values) => {
    try {
      const { customer, claimLink } = await create.mutateAsync(values)
      const flash = claimLink
        ? `${customer.displayName}’s account is made. Hand them the link below, or let them scan its QR code, to choose their password.`
        : `${customer.displayName}’s account is made, and a link to choose a password was emailed to ${customer.email}.`
      navigate(href('deskCustomer', { userId: customer.id }), { state: { flash, flashTone: 'success', claimLink } satisfies NavigationState & { claimLink: string | null } })
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Saving failed. Please try again.')
    }
  })
  return (
    <section className="account-panel" aria-labelledby="desk-walk-in">
      <h2 id="desk-walk-in">New customer</h2>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <TextField label={WalkInForm.displayName.label} field={form.field('displayName')} error={form.errors.displayName} autoComplete="off" />
        <TextField label={WalkInForm.email.label} type="email" field={form.field('email')} error={form.errors.email} autoComplete="off" />
        <TextField label={WalkInForm.phone.label} type="tel" field={form.field('phone')} error={form.errors.phone} autoComplete="off" />
        <button type="submit" className="button" disabled={form.submitting || !form.ready}>
          {form.submitting ? 'Adding…' : 'Add customer'}
        </button>
      </form>
    </section>
  )
}

function LeagueLists({ leaguesQuery }: { leaguesQuery: ReturnType<typeof adminLeaguesQuery> }) {
  const { data } = useQuery(leaguesQuery)
  const active = data?.leagues.filter((l) => l.isActive) ?? []
  if (active.length === 0) return null
  return (
    <section className="account-panel" aria-labelledby="desk-lists">
      <h2 id="desk-lists">Registrant lists</h2>
      <ul>
        {active.map((l) => (
          <li key={l.id}>
            <Link to={href('leagueRegistrants', { leagueId: l.id })}>{l.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
