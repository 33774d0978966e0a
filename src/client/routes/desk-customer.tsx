import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { formatPhone } from '../../shared/phone.ts'
import { useState } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { ageOn } from '../../shared/age.ts'
import { formatDate, formatDateTime } from '../../shared/format.ts'
import { formatMoney } from '../../shared/money.ts'
import { href } from '../../shared/paths.ts'
import { DeskWaiverForm } from '../../shared/schemas/desk.ts'
import { ACCOUNT_HOLDER, ACTIVE_STATUSES, nothingDue, STATUS_LABELS } from '../../shared/schemas/registration.ts'
import type { CustomerRecord, registerAtDesk, sendPasswordReset, signWaiverAtDesk } from '../../shared/contracts/desk.ts'
import { Alert } from '../components/ui/alert.tsx'
import { TextField } from '../components/ui/text-field.tsx'
import { RegistrationDetailPanel } from '../features/pending/registration-detail.tsx'
import { useSession } from '../lib/session.tsx'
import { ApiError, errorMessage } from '../lib/api.ts'
import { call } from '../lib/endpoint.ts'
import { useForm } from '../lib/use-form.ts'
import { adminLeaguesQuery } from '../queries/admin-leagues.ts'
import { customerRecordQuery, DESK } from '../queries/desk.ts'
import { waiverQuery } from '../queries/waiver.ts'
import { WaiverAgreement } from '../features/waiver/waiver-agreement.tsx'

/** /desk/customer/:userId: a customer's record and what the desk does for them (docs/decisions/0016). */
export default function DeskCustomerPage() {
  const { userId = '' } = useParams()
  const { data, error } = useQuery(customerRecordQuery(userId))
  return (
    <section className="page">
      <h1>Customer</h1>
      <p>
        <Link to={href('desk')}>Back to the front desk</Link>
      </p>
      {error && <Alert>{error instanceof ApiError && error.status === 404 ? 'There is no such customer.' : errorMessage(error)}</Alert>}
      {!data && !error && <p className="loading">Loading the customer…</p>}
      {data && <Record customer={data.customer} />}
    </section>
  )
}

/** Whom a signature or a registration is for: the account holder, or one of their children. */
type Participant = { key: string; childId: string | null; name: string }

function Record({ customer }: { customer: CustomerRecord }) {
  const participants: Participant[] = [
    { key: ACCOUNT_HOLDER, childId: null, name: `${customer.displayName} (themself)` },
    ...customer.children.map((c) => ({ key: c.id, childId: c.id, name: `${c.firstName} ${c.lastName}` })),
  ]
  const signed = (key: string) => customer.waiver.signatures.some((s) => s.subjectKey === key && s.waiverVersion === customer.waiver.currentVersion)
  return (
    <>
      <h2>{customer.displayName}</h2>
      <dl className="staff-facts">
        <div>
          <dt>Email</dt>
          <dd className="wrap-anywhere">{customer.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{formatPhone(customer.phone)}</dd>
        </div>
        <div>
          <dt>Customer since</dt>
          <dd>{formatDate(customer.createdAt.slice(0, 10))}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>{customer.balanceCents < 0 ? `${formatMoney(-customer.balanceCents)} credit` : formatMoney(customer.balanceCents)}</dd>
        </div>
      </dl>
      <PasswordLink customer={customer} />
      <section className="account-panel" aria-labelledby="desk-children">
        <h3 id="desk-children">Children</h3>
        {customer.children.length === 0 ? (
          <p>No children on this account.</p>
        ) : (
          <ul>
            {customer.children.map((c) => (
              <li key={c.id}>
                <strong>
                  {c.firstName} {c.lastName}
                </strong>
                , born {formatDate(c.dateOfBirth)} (age {ageOn(c.dateOfBirth, new Date().toISOString().slice(0, 10))}). Emergency contact: {c.emergencyContactName}{' '}
                {formatPhone(c.emergencyContactPhone)}.{c.notes && ` Medical notes: ${c.notes}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="account-panel" aria-labelledby="desk-waiver">
        <h3 id="desk-waiver">Waiver (version {customer.waiver.currentVersion})</h3>
        <ul>
          {participants.map((p) => (
            <li key={p.key}>
              {p.name}: {signed(p.key) ? 'signed' : 'not signed'}
            </li>
          ))}
        </ul>
        {customer.waiver.signatures.length > 0 && (
          <p>
            Signatures:{' '}
            {customer.waiver.signatures
              .map((s) => `${s.signedName}, version ${s.waiverVersion}, ${formatDateTime(s.signedAt)}${s.witnessedBy ? ` at the desk with ${s.witnessedBy}` : ' online'}`)
              .join('; ')}
            .
          </p>
        )}
        {participants.some((p) => !signed(p.key)) && <SignAtDesk customer={customer} unsigned={participants.filter((p) => !signed(p.key))} />}
      </section>
      <RegisterAtDesk customer={customer} participants={participants} />
      <Registrations customer={customer} />
    </>
  )
}

function PasswordLink({ customer }: { customer: CustomerRecord }) {
  const location = useLocation()
  const claimLink = (location.state as { claimLink?: string | null } | null)?.claimLink ?? null
  const send = useMutation({
    mutationFn: () => call<typeof sendPasswordReset>('POST', '/api/desk/customers/:userId/password-reset', { params: { userId: customer.id } }),
  })
  const link = send.data?.link ?? claimLink
  return (
    <section className="account-panel" aria-labelledby="desk-password">
      <h3 id="desk-password">Password</h3>
      <p>A customer who cannot sign in chooses a new password from a one-time link.</p>
      <button type="button" className="button secondary" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Making the link…' : 'Send a password link'}
      </button>
      <div role="status">
        {send.data?.emailed && `A link to choose a password was emailed to ${customer.email}; it works until ${formatDateTime(send.data.expiresAt)}.`}
        {link && (
          <div className="desk-link">
            <p>No mail server is set up here: give the customer this one-time link (it works once{send.data ? `, until ${formatDateTime(send.data.expiresAt)}` : ''}).</p>
            <input type="text" readOnly value={link} aria-label="One-time password link" onFocus={(e) => e.target.select()} />
          </div>
        )}
      </div>
      {send.error && <Alert>{errorMessage(send.error)}</Alert>}
    </section>
  )
}

/** The customer reads and signs the waiver on the staff screen; the desk records who witnessed it. */
function SignAtDesk({ customer, unsigned }: { customer: CustomerRecord; unsigned: Participant[] }) {
  const client = useQueryClient()
  const { user } = useSession()
  const waiver = useQuery(waiverQuery(user?.uid ?? null))
  const [who, setWho] = useState(unsigned[0]!.key)
  const form = useForm(DeskWaiverForm, { signedName: '', agree: '' })
  const agree = form.field('agree')
  const submit = form.handleSubmit(async (values) => {
    const childId = unsigned.find((p) => p.key === who)?.childId ?? null
    try {
      await call<typeof signWaiverAtDesk>('POST', '/api/desk/customers/:userId/waiver', { params: { userId: customer.id }, body: { ...values, childId: childId ?? '' } })
      await client.invalidateQueries({ queryKey: DESK })
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Saving failed. Please try again.')
    }
  })
  return (
    <form onSubmit={submit} noValidate className="desk-waiver">
      <h4>Sign at the desk</h4>
      {waiver.data && <div className="desk-waiver-text" tabIndex={0} aria-label="The waiver’s text">{waiver.data.waiver.body}</div>}
      {form.message && <Alert>{form.message}</Alert>}
      <div className="field">
        <label htmlFor="desk-waiver-for">Signed for</label>
        <select id="desk-waiver-for" value={who} onChange={(e) => setWho(e.target.value)}>
          {unsigned.map((p) => (
            <option key={p.key} value={p.key}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <TextField label="Signature: the customer types their full name" field={form.field('signedName')} error={form.errors.signedName} autoComplete="off" />
      <WaiverAgreement field={agree} error={form.errors.agree} label="The customer has read and agrees to this waiver" />
      <button type="submit" className="button" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Recording…' : 'Record the signature'}
      </button>
    </form>
  )
}

function RegisterAtDesk({ customer, participants }: { customer: CustomerRecord; participants: Participant[] }) {
  const client = useQueryClient()
  const leagues = useQuery(adminLeaguesQuery())
  const open = leagues.data?.leagues.filter((l) => l.isActive && l.kind === 'individual') ?? []
  const [leagueId, setLeagueId] = useState('')
  const [who, setWho] = useState(ACCOUNT_HOLDER)
  const [outcome, setOutcome] = useState('')
  // One key per registration asked for: a retry of the same click is answered with its first result.
  const [key, setKey] = useState(() => crypto.randomUUID())
  const register = useMutation({
    mutationFn: () =>
      call<typeof registerAtDesk>('POST', '/api/desk/customers/:userId/registrations', {
        params: { userId: customer.id },
        body: { leagueId, childId: participants.find((p) => p.key === who)?.childId ?? '' },
        headers: { 'Idempotency-Key': key },
      }),
    onMutate: () => setOutcome(''),
    onSuccess: async ({ registration }) => {
      setKey(crypto.randomUUID())
      await client.invalidateQueries({ queryKey: ['admin'] })
      const league = registration.offering.name
      setOutcome(
        registration.status === 'waitlisted'
          ? `${league} is full: number ${registration.waitlistPosition} on the waitlist.`
          : `Registered for ${league}. Balance ${formatMoney(registration.balanceCents)}: take the payment below.`,
      )
    },
  })
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
      <button type="button" className="button" disabled={!leagueId || register.isPending} onClick={() => register.mutate()}>
        {register.isPending ? 'Registering…' : 'Register'}
      </button>
      <p role="status">{outcome}</p>
      {register.error && <Alert>{errorMessage(register.error)}</Alert>}
      <p className="field-hint">Teams: open the team’s page from the customer’s registrations, or place them from Manage League Players.</p>
    </section>
  )
}

function Registrations({ customer }: { customer: CustomerRecord }) {
  const [open, setOpen] = useState<string | null>(null)
  return (
    <section className="account-panel account-panel-wide" aria-labelledby="desk-registrations">
      <h3 id="desk-registrations">Registrations and team places</h3>
      {customer.registrations.length === 0 ? (
        <p>No registrations yet.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">League</th>
                <th scope="col">Who</th>
                <th scope="col">Status</th>
                <th scope="col" className="staff-money">
                  Balance
                </th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {customer.registrations.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    {r.offering.name}
                    {r.offering.team && ` — ${r.offering.team.name}`}
                    {/* A captain holds the team's entry and a place on its roster: two rows, told apart. */}
                    {r.offering.kind === 'team-place' ? ' (team entry)' : r.offering.kind === 'roster-place' ? ' (player)' : ''}
                  </th>
                  <td>{r.child?.name ?? customer.displayName}</td>
                  <td>{STATUS_LABELS[r.status]}</td>
                  <td className="staff-money">{nothingDue(r) ?? formatMoney(r.balanceCents)}</td>
                  <td>
                    {ACTIVE_STATUSES.includes(r.status) && (
                      <button type="button" className="link-button" onClick={() => setOpen(r.id)}>
                        Payments and details<span className="visually-hidden">: {r.offering.name}</span>
                      </button>
                    )}{' '}
                    {r.offering.team && r.offering.league && <Link to={href('leagueTeam', { leagueId: r.offering.league.id, teamId: r.offering.team.id })}>Team page</Link>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && <RegistrationDetailPanel key={open} registrationId={open} onClose={() => setOpen(null)} />}
    </section>
  )
}
