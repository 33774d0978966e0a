import { useState } from 'react'
import { outsideAgesText } from '../../../shared/age.ts'
import { facilityDayNow } from '../../lib/facility-day.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import type { RegistrationView } from '../../../shared/contracts/registrations.ts'
import { ACCOUNT_HOLDER, ACTIVE_STATUSES, participantKeyOf, STATUS_LABELS } from '../../../shared/schemas/registration.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ChildDetailsForm } from './child-form.tsx'
import type { ProgramForSignUp } from './program.ts'

/** Someone who could take part: the account holder (an adults' class) or one of their children. */
export interface Candidate {
  key: string
  name: string
  child: Child | null
  /** Why they cannot take part (their age on the first day), or null. */
  refused: string | null
  /** Their live place in this program already. */
  existing: RegistrationView | undefined
}

/** The person's live places in the program, by participant: who is signed up already. */
export function placesByParticipant(registrations: readonly RegistrationView[], isPlaceIn: (r: RegistrationView) => boolean): Map<string, RegistrationView> {
  return new Map(registrations.filter((r) => isPlaceIn(r) && ACTIVE_STATUSES.includes(r.status)).map((r) => [participantKeyOf(r.child?.id ?? null), r]))
}

/** Who could take part: each child with their age fit (a program for children), or the account holder alone; null while the children load. */
export function candidatesOf(program: ProgramForSignUp, noun: string, children: readonly Child[] | null, existing: Map<string, RegistrationView>): Candidate[] | null {
  if (!program.forChildren) return [{ key: ACCOUNT_HOLDER, name: 'Yourself', child: null, refused: null, existing: existing.get(ACCOUNT_HOLDER) }]
  return (
    children?.map((child) => ({
      key: child.id,
      name: `${child.firstName} ${child.lastName}`,
      child,
      refused: outsideAgesText(child, program, noun, facilityDayNow()),
      existing: existing.get(child.id),
    })) ?? null
  )
}

interface ParticipantChoiceProps {
  program: ProgramForSignUp
  /** What a sentence calls the program: "this camp is for ages 6 to 10". */
  noun: string
  /** Null while the children load. */
  candidates: Candidate[] | null
  childrenFailed: boolean
  chosen: readonly string[]
  disabled: boolean
  onToggle(key: string, on: boolean): void
}

/**
 * Who takes part: a box for each child (or yourself), those outside the ages or signed up already
 * shown with why and not choosable, and a child added on the spot, chosen when they fit.
 */
export function ParticipantChoice({ program, noun, candidates, childrenFailed, chosen, disabled, onToggle }: ParticipantChoiceProps) {
  return (
    <>
      <fieldset className="signup-child-choice">
        <legend>Who takes part</legend>
        {candidates === null && !childrenFailed && <p className="loading">Loading your children…</p>}
        {childrenFailed && <Alert>Your children could not be loaded. Please try again later.</Alert>}
        {candidates?.length === 0 && <p>There are no children on your account yet. Add your child to sign them up.</p>}
        {candidates?.map((c) => (
          <div key={c.key}>
            <label className="signup-radio">
              <input
                type="checkbox"
                checked={chosen.includes(c.key)}
                disabled={disabled || c.refused !== null || c.existing !== undefined}
                onChange={(e) => onToggle(c.key, e.target.checked)}
                aria-describedby={c.refused || c.existing ? `why-${c.key}` : undefined}
              />
              <span>{c.name}</span>
            </label>
            {(c.refused || c.existing) && (
              <p className="signup-muted program-why" id={`why-${c.key}`}>
                {c.existing ? `Already signed up: ${STATUS_LABELS[c.existing.status]}.` : c.refused}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      {program.forChildren && candidates && (
        <AddChild
          first={candidates.length === 0}
          onAdded={(child) => {
            if (!outsideAgesText(child, program, noun, facilityDayNow())) onToggle(child.id, true)
          }}
        />
      )}
    </>
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
