import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { DropIn, DropInSignUpResult } from '../../../shared/contracts/drop-ins.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { useSession } from '../../lib/session.tsx'
import type { dropInsQuery } from '../../queries/drop-ins.ts'
import { ProgramSignUpForm } from '../offerings/program-sign-up-form.tsx'
import { SignInToSignUp } from '../offerings/sign-in-to-sign-up.tsx'
import { SignedUp } from '../offerings/signed-up.tsx'
import { useToday } from '../offerings/use-today.ts'
import { placesText } from '../offerings/program-text.ts'
import { useDropInSignUp } from './api/use-drop-in-sign-up.ts'
import { dropInCancellationText, dropInFacts, dropInPricing, dropInProgram, dropInWindow } from './drop-in-text.ts'

/**
 * Buying a place at one drop-in session (issue 31 §2): yourself for an adults' session, one or
 * several children for a children's, with photo choices and the waiver, in one press. Open to
 * visitors, who sign in and come back here.
 */
export function DropInSignUpScreen({ dropInId, dropIns }: { dropInId: string; dropIns: ReturnType<typeof dropInsQuery> }) {
  const { user } = useSession()
  const { data, isError } = useQuery(dropIns)
  const dropIn = data?.dropIns.find((d) => d.id === dropInId)
  const [done, setDone] = useState<DropInSignUpResult | null>(null)
  const today = useToday()

  return (
    <section className="page narrow">
      <h1>Drop-in Sign Up</h1>
      {isError && <Alert>The drop-in session could not be loaded. Please try again later.</Alert>}
      {!data && !isError && <p className="loading">Loading the drop-in session…</p>}
      {data && !dropIn && (
        <>
          <p>This drop-in session is not open for registration.</p>
          <p>
            <Link to={href('dropIns')}>See the drop-in sessions open now</Link>
          </p>
        </>
      )}
      {dropIn && (
        <>
          <h2>{dropIn.name}</h2>
          <CardFacts facts={dropInFacts(dropIn, today)} />
          {dropIn.description && <p>{dropIn.description}</p>}
          {done ? (
            <SignedUp
              result={done}
              dates="the session’s day and hours"
              payBy="before the session"
              receiptTo={href('dropInReceipt', { userId: done.registrations[0]?.userId ?? '', dropInId: dropIn.id })}
              back={{ to: href('dropIns'), label: 'Back to drop-in sessions' }}
            />
          ) : (
            <WhoComes dropIn={dropIn} today={today} userId={user?.uid ?? null} onDone={setDone} />
          )}
        </>
      )}
    </section>
  )
}

function WhoComes({ dropIn, today, userId, onDone }: { dropIn: DropIn; today: string; userId: string | null; onDone(result: DropInSignUpResult): void }) {
  const window = dropInWindow(dropIn, today)
  if (window === 'upcoming') return <p>Places go on sale on {formatDate(dropIn.registrationDate)}.</p>
  if (window === 'closed') return <p>This session has taken place.</p>
  return (
    <>
      <p className="signup-fact">{placesText(dropIn)}</p>
      <p className="signup-muted">{dropInCancellationText(dropIn, today)}</p>
      {userId ? <DropInSignUpForm dropIn={dropIn} today={today} userId={userId} onDone={onDone} /> : <SignInToSignUp />}
    </>
  )
}

function DropInSignUpForm({ dropIn, today, userId, onDone }: { dropIn: DropIn; today: string; userId: string; onDone(result: DropInSignUpResult): void }) {
  const signUp = useDropInSignUp(dropIn.id, userId)
  return (
    <ProgramSignUpForm
      program={dropInProgram(dropIn)}
      kind="drop-in-place"
      isPlaceIn={(r) => r.offering.ownerId === dropIn.id}
      pricing={dropInPricing(dropIn)}
      today={today}
      userId={userId}
      photosAt="at the session"
      signUp={signUp}
      onDone={onDone}
    />
  )
}
