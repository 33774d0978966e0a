import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { outsideAgesText } from '../../../shared/age.ts'
import type { Academy, AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { countOf } from '../../../shared/format.ts'
import { formatPhone } from '../../../shared/phone.ts'
import { ACCOUNT_HOLDER, ACTIVE_STATUSES, HOLDS_PLACE, participantKeyOf, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError } from '../../lib/api.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { myRegistrationsQuery } from '../../queries/my-registrations.ts'
import { ChildDetailsForm } from '../children/child-form.tsx'
import { useChildren } from '../signup/use-children.ts'
import { SignWaiverForm } from '../waiver/sign-waiver-form.tsx'
import { useWaiver } from '../waiver/use-waiver.ts'
import { WaiverText } from '../../components/waiver-text.tsx'
import { useAcademySignUp } from './api/use-academy-sign-up.ts'
import { academyPricing } from './academy-text.ts'
import { SignUpPrice } from '../../components/sign-up-price.tsx'

/** Someone who could take part: the account holder (an adults' class) or one of their children. */
interface Candidate {
  key: string
  name: string
  child: Child | null
  /** Why they cannot take part (their age on the first day), or null. */
  refused: string | null
  /** Their live place in this academy already. */
  existing: RegistrationView | undefined
}

interface FormProps {
  academy: Academy
  /** The facility's day the page was read on: the price of that day. */
  today: string
  userId: string
  onDone(result: AcademySignUpResult): void
}

/** Who takes part, what the coach needs to know of each, their photo choices, the waiver, and one press. */
export function AcademySignUpForm({ academy, today, userId, onDone }: FormProps) {
  const hydrated = useHydrated()
  const children = useChildren(academy.forChildren ? userId : null)
  const waiver = useWaiver(academy.waiverRequired ? userId : null)
  const mine = useQuery(myRegistrationsQuery(userId))
  const signUp = useAcademySignUp(academy.id, userId)
  const [chosen, setChosen] = useState<readonly string[]>([])
  const [photos, setPhotos] = useState<Readonly<Record<string, boolean>>>({})
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [signedName, setSignedName] = useState('')

  const existing = new Map(
    (mine.data?.registrations ?? [])
      .filter((r) => r.offering.ownerId === academy.id && ACTIVE_STATUSES.includes(r.status))
      .map((r) => [participantKeyOf(r.child?.id ?? null), r]),
  )
  const candidates: Candidate[] | null = academy.forChildren
    ? (children.children?.map((child) => ({
        key: child.id,
        name: `${child.firstName} ${child.lastName}`,
        child,
        refused: outsideAgesText(child, academy, 'academy'),
        existing: existing.get(child.id),
      })) ?? null)
    : [{ key: ACCOUNT_HOLDER, name: 'Yourself', child: null, refused: null, existing: existing.get(ACCOUNT_HOLDER) }]
  const taking = (candidates ?? []).filter((c) => chosen.includes(c.key))
  const signed = new Set(waiver.data?.signatures.map((s) => s.subjectKey))
  const unsigned = academy.waiverRequired ? taking.filter((c) => !signed.has(c.key)) : []

  const toggle = (key: string, on: boolean) => setChosen((keys) => (on ? [...keys, key] : keys.filter((k) => k !== key)))

  async function submit(event: FormEvent) {
    event.preventDefault()
    const missing = Object.fromEntries(taking.filter((c) => photos[c.key] === undefined).map((c) => [c.key, `Choose whether photos may be taken of ${c.child?.firstName ?? 'you'}.`]))
    setProblems(missing)
    if (taking.length === 0) return setMessage(academy.forChildren ? 'Choose which children take part.' : 'Choose yourself to take part.')
    if (Object.keys(missing).length > 0) return setMessage('Choose a photo option for everyone taking part.')
    if (unsigned.length > 0) return setMessage(`Sign the waiver for ${unsigned.map((c) => c.child?.firstName ?? 'yourself').join(' and ')} first.`)
    setMessage(null)
    try {
      onDone(await signUp.mutateAsync(taking.map((c) => ({ childId: c.child?.id ?? null, photoConsent: photos[c.key]! }))))
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Signing up failed. Please try again.')
    }
  }

  // The family's children holding a place here already earn the first one chosen a family discount, as in the engine.
  const holding = [...existing.values()].filter((r) => r.child && HOLDS_PLACE.includes(r.status)).length
  return (
    <div className="academy-sign-up-steps">
      <fieldset className="signup-child-choice">
        <legend>Who takes part</legend>
        {candidates === null && !children.failed && <p className="loading">Loading your children…</p>}
        {children.failed && <Alert>Your children could not be loaded. Please try again later.</Alert>}
        {candidates?.length === 0 && <p>There are no children on your account yet. Add your child to sign them up.</p>}
        {candidates?.map((c) => (
          <div key={c.key}>
            <label className="signup-radio">
              <input
                type="checkbox"
                checked={chosen.includes(c.key)}
                disabled={!hydrated || c.refused !== null || c.existing !== undefined}
                onChange={(e) => toggle(c.key, e.target.checked)}
                aria-describedby={c.refused || c.existing ? `why-${c.key}` : undefined}
              />
              <span>{c.name}</span>
            </label>
            {(c.refused || c.existing) && (
              <p className="signup-muted academy-why" id={`why-${c.key}`}>
                {c.existing ? `Already signed up: ${STATUS_LABELS[c.existing.status]}.` : c.refused}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      {academy.forChildren && candidates && (
        <AddChild
          first={candidates.length === 0}
          onAdded={(child) => {
            if (!outsideAgesText(child, academy, 'academy')) toggle(child.id, true)
          }}
        />
      )}

      {taking.map((c) => (
        <section key={c.key} className="academy-participant" aria-label={c.name}>
          <h3>{c.name}</h3>
          {c.child && <ChildCare child={c.child} />}
          <PhotoChoice
            who={c.child?.firstName ?? null}
            name={`photo-${c.key}`}
            value={photos[c.key]}
            error={problems[c.key]}
            onChange={(allowed) => {
              setPhotos((p) => ({ ...p, [c.key]: allowed }))
              setProblems(({ [c.key]: _answered, ...rest }) => rest)
            }}
          />
        </section>
      ))}

      {unsigned.length > 0 && waiver.data && (
        <section className="academy-waiver" aria-labelledby="academy-waiver-heading">
          <h3 id="academy-waiver-heading">Sign the waiver</h3>
          <p>{academy.forChildren ? 'As their parent or guardian, sign the waiver for each child taking part.' : 'Sign the waiver to take part.'}</p>
          <WaiverText waiver={waiver.data.waiver} />
          <SignWaiverForm
            key={unsigned[0]!.key}
            userId={userId}
            unsigned={unsigned.map((c) => ({ key: c.key, label: c.child ? c.name : 'Myself' }))}
            hasChildren={academy.forChildren}
            initialSubject={unsigned[0]!.key}
            initialName={signedName}
            onSigned={(_subject, name) => setSignedName(name)}
          />
        </section>
      )}

      <form onSubmit={(e) => void submit(e)} noValidate className="academy-submit">
        {message && <Alert>{message}</Alert>}
        {taking.length > 0 && (
          <p>
            {countOf(taking.length, 'participant')}
            {academy.placesLeft !== null && taking.length > academy.placesLeft &&
              `. ${academy.placesLeft === 0 ? 'The academy is full: everyone joins the waitlist' : `Only ${countOf(academy.placesLeft, 'place')} left: the rest join the waitlist`}, in the order chosen`}
            .
          </p>
        )}
        <SignUpPrice
          id="academy-sign-up-price"
          pricing={academyPricing(academy)}
          today={today}
          party={{ children: academy.forChildren, holding, placesLeft: academy.placesLeft }}
          names={taking.map((c) => c.child?.firstName ?? 'You')}
        />
        <button type="submit" className="button" disabled={!hydrated || signUp.isPending} aria-describedby={taking.length > 0 ? 'academy-sign-up-price' : undefined}>
          {signUp.isPending ? 'Signing up…' : academy.placesLeft === 0 ? 'Join the waitlist' : 'Sign up'}
        </button>
      </form>
    </div>
  )
}

/** What the coach and the desk read of a child: their emergency contact and medical notes, editable here. */
function ChildCare({ child }: { child: Child }) {
  const [editing, setEditing] = useState(false)
  if (editing) {
    return (
      <ChildDetailsForm
        child={child}
        onSaved={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    )
  }
  return (
    <>
      <dl className="staff-facts">
        <div>
          <dt>Emergency contact</dt>
          <dd>
            {child.emergencyContactName}, {formatPhone(child.emergencyContactPhone)}
          </dd>
        </div>
        <div>
          <dt>Medical notes and allergies</dt>
          <dd>{child.notes || 'None given'}</dd>
        </div>
      </dl>
      <p className="signup-muted">Only the coach and the front desk see these.</p>
      <button type="button" className="button secondary" onClick={() => setEditing(true)}>
        Edit {child.firstName}’s details
      </button>
    </>
  )
}

function PhotoChoice({ who, name, value, error, onChange }: { who: string | null; name: string; value: boolean | undefined; error: string | undefined; onChange(allowed: boolean): void }) {
  const errorId = `${name}-error`
  return (
    <fieldset className="signup-child-choice" aria-describedby={error ? errorId : undefined}>
      <legend>Photos</legend>
      <label className="signup-radio">
        <input type="radio" name={name} checked={value === true} onChange={() => onChange(true)} />
        <span>The facility may take photos of {who ?? 'me'} at sessions and use them on its website and social media</span>
      </label>
      <label className="signup-radio">
        <input type="radio" name={name} checked={value === false} onChange={() => onChange(false)} />
        <span>No photos of {who ?? 'me'}, please</span>
      </label>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  )
}

function AddChild({ first, onAdded }: { first: boolean; onAdded(child: Child): void }) {
  const [adding, setAdding] = useState(false)
  if (!adding && !first) {
    return (
      <button type="button" className="button secondary" onClick={() => setAdding(true)}>
        Add a child
      </button>
    )
  }
  return (
    <div className="signup-add-panel">
      <h3>Add a child</h3>
      <ChildDetailsForm
        onSaved={(child) => {
          onAdded(child)
          setAdding(false)
        }}
        onCancel={first ? undefined : () => setAdding(false)}
      />
    </div>
  )
}
