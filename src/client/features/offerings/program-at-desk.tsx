import { useState, type FormEvent } from 'react'
import { outsideAgesText } from '../../../shared/age.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { priceFactText } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { owedAtDesk } from '../../../shared/payment-plan.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { ACCOUNT_HOLDER, STATUS_LABELS, type OfferingKind } from '../../../shared/schemas/registration.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError, errorMessage } from '../../lib/api.ts'
import { useFocusNext } from '../../lib/use-focus-next.ts'
import { participantsOf, type Participant } from './customer-participants.ts'
import { useToday } from './use-today.ts'
import type { ProgramForSignUp, ProgramParticipant } from './program.ts'

/**
 * An offering's price as the desk's lists state it on `today`: the price a sign-up charges, the
 * early-bird price while it holds and until when (shared/format.ts `priceFactText`, as the home
 * page and the sign-up pages state it), not the list price alone.
 */
export const deskPriceText = (offering: { priceCents: number; earlyBird: { priceCents: number; until: string } | null }, today: string): string =>
  priceFactText({ listPriceCents: offering.priceCents, earlyBird: offering.earlyBird }, today)

/**
 * What the desk is told a sign-up asks: all of it, or under a payment plan what is due now and
 * each part's day — the desk takes what is due now, or more — then where it takes it (`toPay`).
 */
export function toPayText(owed: ReturnType<typeof owedAtDesk>, toPay: string): string {
  if (owed.owedCents <= 0) return 'Nothing to pay.'
  if (!owed.plan) return `${formatMoney(owed.owedCents)} to pay: ${toPay}.`
  return `${formatMoney(owed.owedCents)} to pay by its payment plan, ${owed.plan}: ${toPay} (what is due now, or more).`
}

/** A program the desk may sign a customer up for, with what its choice says ("Skills (ages 8–10, $180.00)"). */
export interface DeskProgram extends Omit<ProgramForSignUp, 'placesLeft'> {
  id: string
  option: string
}

interface ProgramAtDeskProps {
  customer: CustomerRecord
  /** Whether the current waiver is signed for a participant's key. */
  signed(key: string): boolean
  /** The open programs; null while they load. */
  programs: readonly DeskProgram[] | null
  /** The kind of place taken: its words label the choice and the button (shared/offering-kinds.ts). */
  kind: OfferingKind
  programId: string
  onChooseProgram(programId: string): void
  /** The feature's desk sign-up hook (its api/ folder), for the program chosen. */
  signUp: {
    isPending: boolean
    error: Error | null
    mutate(participants: ProgramParticipant[], options: { onSuccess(result: { registrations: RegistrationView[] }): void; onError(): void }): void
  }
  /** What the outcome says of money owed: where the desk takes it. */
  toPay: string
  /** Where photos would be taken, in the photo choice: "at sessions", "at camp". */
  photosAt: string
  /** Where on the page the customer's children and waiver are recorded: "above". */
  recordWhere: string
}

/**
 * Signs the customer (an adults' program) or some of their children up for a program at the desk,
 * with each one's photo choice: the online sign-up's engine and one order (issue 30). The waiver is
 * signed on the customer's record; the server says whose is missing.
 */
export function ProgramAtDesk({ customer, signed, programs, kind, programId, onChooseProgram, signUp, photosAt, toPay, recordWhere }: ProgramAtDeskProps) {
  const program = programs?.find((p) => p.id === programId)
  const [chosen, setChosen] = useState<readonly string[]>([])
  const [photos, setPhotos] = useState<Readonly<Record<string, boolean>>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [outcome, setOutcome] = useState('')
  const focusNext = useFocusNext()
  const today = useToday()
  const { label, noun } = OFFERING_KIND_WORDS[kind]
  const a = /^[aeiou]/.test(noun) ? 'an' : 'a'
  const outcomeId = `desk-${noun}-outcome`

  const candidates = program ? participantsOf(customer).filter((p) => (program.forChildren ? p.childId !== null : p.key === ACCOUNT_HOLDER)) : []
  const refusedOf = (p: Participant) => {
    const child = p.childId ? customer.children.find((c) => c.id === p.childId) : undefined
    return child && program ? outsideAgesText(child, program, noun, today) : null
  }
  const taking = candidates.filter((p) => chosen.includes(p.key))

  function submit(event: FormEvent) {
    event.preventDefault()
    setOutcome('')
    const missing = taking.length === 0 ? 'Choose who takes part.' : taking.some((p) => photos[p.key] === undefined) ? 'Choose a photo option for everyone taking part.' : null
    setProblem(missing)
    if (missing || !program) return focusNext(outcomeId)
    signUp.mutate(
      taking.map((p) => ({ childId: p.childId, photoConsent: photos[p.key]! })),
      {
        onSuccess: ({ registrations }) => {
          const who = registrations.map((r) => `${r.child?.name ?? customer.displayName} (${r.status === 'waitlisted' ? `waitlist number ${r.waitlistPosition}` : STATUS_LABELS[r.status].toLowerCase()})`)
          setOutcome(`Signed up for ${program.name}: ${who.join(', ')}. ${toPayText(owedAtDesk(registrations, today), toPay)}`)
          setChosen([])
          setPhotos({})
          focusNext(outcomeId)
        },
        onError: () => focusNext(outcomeId),
      },
    )
  }

  const failure = problem ?? (signUp.error ? (signUp.error instanceof ApiError ? signUp.error.message : errorMessage(signUp.error)) : null)
  return (
    <form onSubmit={submit} noValidate aria-label={`Sign up for ${a} ${noun}`}>
      <div className="field">
        <label htmlFor={`desk-${noun}`}>{label}</label>
        <select
          id={`desk-${noun}`}
          value={programId}
          onChange={(e) => {
            onChooseProgram(e.target.value)
            setChosen([])
            setPhotos({})
            setProblem(null)
          }}
        >
          <option value="">{programs ? `Choose ${a} ${noun}` : `Loading ${noun}s…`}</option>
          {programs?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.option}
            </option>
          ))}
        </select>
      </div>
      {program && (
        <fieldset className="signup-child-choice">
          <legend>Who takes part</legend>
          {candidates.length === 0 && <p>No children on this account yet: add them under Children {recordWhere}.</p>}
          {candidates.map((p) => {
            const refused = refusedOf(p)
            const unsigned = program.waiverRequired && !signed(p.key)
            const noteId = `desk-${noun}-why-${p.key}`
            return (
              <div key={p.key}>
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
                    {refused ?? `The waiver is not signed yet: record the signature ${recordWhere} first.`}
                  </p>
                )}
                {chosen.includes(p.key) && (
                  <fieldset className="signup-child-choice">
                    <legend>Photos of {p.childId ? p.name : customer.displayName}</legend>
                    <label className="signup-radio">
                      <input type="radio" name={`desk-${noun}-photo-${p.key}`} checked={photos[p.key] === true} onChange={() => setPhotos((all) => ({ ...all, [p.key]: true }))} />
                      <span>Photos may be taken {photosAt}</span>
                    </label>
                    <label className="signup-radio">
                      <input type="radio" name={`desk-${noun}-photo-${p.key}`} checked={photos[p.key] === false} onChange={() => setPhotos((all) => ({ ...all, [p.key]: false }))} />
                      <span>No photos, please</span>
                    </label>
                  </fieldset>
                )}
              </div>
            )
          })}
        </fieldset>
      )}
      <button type="submit" className="button" disabled={!program || signUp.isPending}>
        {signUp.isPending ? 'Signing up…' : `Sign up for the ${noun}`}
      </button>
      <div id={outcomeId} tabIndex={-1}>
        {failure ? <Alert>{failure}</Alert> : <p role="status">{outcome}</p>}
      </div>
    </form>
  )
}
