import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { outsideAgesText } from '../../../shared/age.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { formatMoney } from '../../../shared/money.ts'
import { ACCOUNT_HOLDER, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useFocusNext } from '../../lib/use-focus-next.ts'
import { adminAcademiesQuery } from '../../queries/admin-academies.ts'
import { useAcademyAtDesk } from './api/use-academy-at-desk.ts'
import type { Participant } from './participants.ts'

const OUTCOME_ID = 'desk-academy-outcome'

/**
 * Signs the customer (an adults' academy) or some of their children up for an academy at the
 * desk, with each one's photo choice: the online sign-up's engine and one order (issue 30). The
 * waiver is signed above, on the staff screen; the server says whose is missing.
 */
export function AcademyAtDesk({ customer, participants, signed }: { customer: CustomerRecord; participants: Participant[]; signed(key: string): boolean }) {
  const academies = useQuery(adminAcademiesQuery())
  const open = academies.data?.academies.filter((a) => a.isActive) ?? []
  const [academyId, setAcademyId] = useState('')
  const academy = open.find((a) => a.id === academyId)
  const [chosen, setChosen] = useState<readonly string[]>([])
  const [photos, setPhotos] = useState<Readonly<Record<string, boolean>>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [outcome, setOutcome] = useState('')
  const signUp = useAcademyAtDesk(customer.id, academyId)
  const focusNext = useFocusNext()

  const candidates = academy ? participants.filter((p) => (academy.forChildren ? p.childId !== null : p.key === ACCOUNT_HOLDER)) : []
  const refusedOf = (p: Participant) => {
    const child = p.childId ? customer.children.find((c) => c.id === p.childId) : undefined
    return child && academy ? outsideAgesText(child, academy, 'academy') : null
  }
  const taking = candidates.filter((p) => chosen.includes(p.key))

  function submit(event: FormEvent) {
    event.preventDefault()
    setOutcome('')
    const missing = taking.length === 0 ? 'Choose who takes part.' : taking.some((p) => photos[p.key] === undefined) ? 'Choose a photo option for everyone taking part.' : null
    setProblem(missing)
    if (missing) return focusNext(OUTCOME_ID)
    signUp.mutate(
      taking.map((p) => ({ childId: p.childId, photoConsent: photos[p.key]! })),
      {
        onSuccess: ({ registrations }) => {
          const owed = registrations.reduce((sum, r) => sum + r.balanceCents, 0)
          const who = registrations.map((r) => `${r.child?.name ?? customer.displayName} (${r.status === 'waitlisted' ? `waitlist number ${r.waitlistPosition}` : STATUS_LABELS[r.status].toLowerCase()})`)
          setOutcome(`Signed up for ${academy!.name}: ${who.join(', ')}. ${owed > 0 ? `${formatMoney(owed)} to pay: take the payment below.` : 'Nothing to pay.'}`)
          setChosen([])
          setPhotos({})
          focusNext(OUTCOME_ID)
        },
        onError: () => focusNext(OUTCOME_ID),
      },
    )
  }

  const failure = problem ?? (signUp.error ? (signUp.error instanceof ApiError ? signUp.error.message : errorMessage(signUp.error)) : null)
  return (
    <form onSubmit={submit} noValidate aria-label="Sign up for an academy">
      <div className="field">
        <label htmlFor="desk-academy">Academy</label>
        <select
          id="desk-academy"
          value={academyId}
          onChange={(e) => {
            setAcademyId(e.target.value)
            setChosen([])
            setPhotos({})
            setProblem(null)
          }}
        >
          <option value="">{academies.data ? 'Choose an academy' : 'Loading academies…'}</option>
          {open.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.forChildren ? `ages ${a.minAge ?? '?'}–${a.maxAge ?? '?'}` : 'adults'}, {formatMoney(a.priceCents)})
            </option>
          ))}
        </select>
      </div>
      {academy && (
        <fieldset className="signup-child-choice">
          <legend>Who takes part</legend>
          {candidates.length === 0 && <p>No children on this account yet: add them under Children above.</p>}
          {candidates.map((p) => {
            const refused = refusedOf(p)
            const unsigned = academy.waiverRequired && !signed(p.key)
            const noteId = `desk-academy-why-${p.key}`
            return (
              <div key={p.key} className="desk-academy-participant">
                <label className="signup-radio">
                  <input
                    type="checkbox"
                    checked={chosen.includes(p.key)}
                    disabled={refused !== null}
                    aria-describedby={refused || unsigned ? noteId : undefined}
                    onChange={(e) => setChosen((keys) => (e.target.checked ? [...keys, p.key] : keys.filter((k) => k !== p.key)))}
                  />
                  <span>{p.name}</span>
                </label>
                {(refused || unsigned) && (
                  <p className="field-hint" id={noteId}>
                    {refused ?? 'The waiver is not signed yet: record the signature above first.'}
                  </p>
                )}
                {chosen.includes(p.key) && (
                  <fieldset className="signup-child-choice">
                    <legend>Photos of {p.childId ? p.name : customer.displayName}</legend>
                    <label className="signup-radio">
                      <input type="radio" name={`desk-photo-${p.key}`} checked={photos[p.key] === true} onChange={() => setPhotos((all) => ({ ...all, [p.key]: true }))} />
                      <span>Photos may be taken at sessions</span>
                    </label>
                    <label className="signup-radio">
                      <input type="radio" name={`desk-photo-${p.key}`} checked={photos[p.key] === false} onChange={() => setPhotos((all) => ({ ...all, [p.key]: false }))} />
                      <span>No photos, please</span>
                    </label>
                  </fieldset>
                )}
              </div>
            )
          })}
        </fieldset>
      )}
      <button type="submit" className="button" disabled={!academy || signUp.isPending}>
        {signUp.isPending ? 'Signing up…' : 'Sign up for the academy'}
      </button>
      <div id={OUTCOME_ID} tabIndex={-1}>
        {failure ? <Alert>{failure}</Alert> : <p role="status">{outcome}</p>}
      </div>
    </form>
  )
}
