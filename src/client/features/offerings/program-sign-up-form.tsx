import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { countOf } from '../../../shared/format.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { HOLDS_PLACE, type OfferingKind } from '../../../shared/schemas/registration.ts'
import type { SignUpPricing } from '../../../shared/sign-up-total.ts'
import { SignUpPrice } from '../../components/sign-up-price.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError } from '../../lib/api.ts'
import { usePageQueries, type PageVisit } from '../../lib/page-queries.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { childrenQuery, useChildren } from '../../queries/children.ts'
import { myRegistrationsQuery } from '../../queries/my-registrations.ts'
import { useWaiver, waiverQuery } from '../../queries/waiver.ts'
import { ChildCare } from './child-care.tsx'
import { candidatesOf, ParticipantChoice, placesByParticipant } from './participant-choice.tsx'
import { ParticipantsWaiver } from './participants-waiver.tsx'
import { PhotoChoice } from './photo-choice.tsx'
import type { ProgramForSignUp, ProgramParticipant } from './program.ts'

interface ProgramSignUpFormProps<Result> {
  program: ProgramForSignUp
  /** The kind of place taken: its words name the program in sentences (shared/offering-kinds.ts). */
  kind: OfferingKind
  /** Whether one of the person's registrations is a place in this program. */
  isPlaceIn(registration: RegistrationView): boolean
  pricing: SignUpPricing
  /** The facility's day the page was read on: the price of that day. */
  today: string
  userId: string
  /** Where photos would be taken, in the photo choice: "at sessions", "at camp". */
  photosAt: string
  /** The feature's sign-up hook (its api/ folder): the participants, sent in one press. */
  signUp: { isPending: boolean; mutateAsync(participants: ProgramParticipant[]): Promise<Result> }
  onDone(result: Result): void
}

/** What a program's sign-up page opens with for a signed-in person: their places, children and signatures (the form reads them). */
export function signUpQueries({ user }: PageVisit) {
  return {
    registrations: user && myRegistrationsQuery(user.uid),
    children: user && childrenQuery(user.uid),
    waiver: user && waiverQuery(user.uid),
  }
}

/**
 * Who takes part in a program (an academy, a camp), what the coach needs to know of each, their
 * photo choices, the waiver, and one press for everyone.
 */
export function ProgramSignUpForm<Result>({ program, kind, isPlaceIn, pricing, today, userId, photosAt, signUp, onDone }: ProgramSignUpFormProps<Result>) {
  const { noun } = OFFERING_KIND_WORDS[kind]
  const hydrated = useHydrated()
  const { registrations, children: childList, waiver: signatures } = usePageQueries(signUpQueries)
  if (!registrations || !childList || !signatures) throw new Error('The sign-up form is shown to a signed-in person only')
  const children = useChildren(program.forChildren ? childList : null)
  const waiver = useWaiver({ waiver: signatures, children: program.waiverRequired ? childList : null })
  const mine = useQuery(registrations)
  // Null until the person ticks or unticks a box: until then the default choice stands.
  const [picked, setPicked] = useState<readonly string[] | null>(null)
  const [photos, setPhotos] = useState<Readonly<Record<string, boolean>>>({})
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [signedName, setSignedName] = useState('')

  const existing = placesByParticipant(mine.data?.registrations ?? [], isPlaceIn)
  const candidates = candidatesOf(program, noun, children.children, existing)
  // An adults' program has one person who could take part, the account holder: chosen from the start unless signed up already.
  const holder = !program.forChildren && candidates?.length === 1 && !candidates[0]!.existing ? [candidates[0]!.key] : []
  const chosen = picked ?? holder
  const taking = (candidates ?? []).filter((c) => chosen.includes(c.key))
  const signed = new Set(waiver.data?.signatures.map((s) => s.subjectKey))
  const unsigned = program.waiverRequired ? taking.filter((c) => !signed.has(c.key)) : []

  // A change answers what the last press asked for: its reminder goes, and the next press says what is still missing.
  const toggle = (key: string, on: boolean) => {
    setPicked((keys) => (on ? [...(keys ?? holder), key] : (keys ?? holder).filter((k) => k !== key)))
    setMessage(null)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const missing = Object.fromEntries(taking.filter((c) => photos[c.key] === undefined).map((c) => [c.key, `Choose whether photos may be taken of ${c.child?.firstName ?? 'you'}.`]))
    setProblems(missing)
    if (taking.length === 0) return setMessage(program.forChildren ? 'Choose which children take part.' : 'Choose yourself to take part.')
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
  const priceId = `${noun}-sign-up-price`
  return (
    <div className="program-sign-up-steps">
      <ParticipantChoice program={program} noun={noun} candidates={candidates} childrenFailed={children.failed} chosen={chosen} disabled={!hydrated} onToggle={toggle} />

      {taking.map((c) => (
        <section key={c.key} className="program-participant" aria-label={c.name}>
          <h3>{c.name}</h3>
          {c.child && <ChildCare child={c.child} />}
          <PhotoChoice
            who={c.child?.firstName ?? null}
            at={photosAt}
            name={`photo-${c.key}`}
            value={photos[c.key]}
            error={problems[c.key]}
            onChange={(allowed) => {
              setPhotos((p) => ({ ...p, [c.key]: allowed }))
              setProblems(({ [c.key]: _answered, ...rest }) => rest)
              setMessage(null)
            }}
          />
        </section>
      ))}

      {unsigned.length > 0 && waiver.data && (
        <ParticipantsWaiver userId={userId} waiver={waiver.data.waiver} unsigned={unsigned} forChildren={program.forChildren} signedName={signedName} onSigned={setSignedName} />
      )}

      <form onSubmit={(e) => void submit(e)} noValidate className="program-submit">
        {message && <Alert>{message}</Alert>}
        {taking.length > 0 && (
          <p>
            {countOf(taking.length, 'participant')}
            {program.placesLeft !== null && taking.length > program.placesLeft &&
              `. ${program.placesLeft === 0 ? `The ${noun} is full: everyone joins the waitlist` : `Only ${countOf(program.placesLeft, 'place')} left: the rest join the waitlist`}, in the order chosen`}
            .
          </p>
        )}
        <SignUpPrice id={priceId} pricing={pricing} today={today} party={{ children: program.forChildren, holding, placesLeft: program.placesLeft }} names={taking.map((c) => c.child?.firstName ?? 'You')} />
        <button type="submit" className="button" disabled={!hydrated || signUp.isPending} aria-describedby={taking.length > 0 ? priceId : undefined}>
          {signUp.isPending ? 'Signing up…' : program.placesLeft === 0 ? 'Join the waitlist' : 'Sign up'}
        </button>
      </form>
    </div>
  )
}
