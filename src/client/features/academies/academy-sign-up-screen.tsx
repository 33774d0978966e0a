import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Academy, AcademySignUpResult } from '../../../shared/contracts/academies.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { lastRegistrationDay, registrationWindow } from '../../../shared/registration-window.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { useSession } from '../../lib/session.tsx'
import type { academiesQuery } from '../../queries/academies.ts'
import { placesText } from '../offerings/program-text.ts'
import { ProgramSignUpForm } from '../offerings/program-sign-up-form.tsx'
import { SignInToSignUp } from '../offerings/sign-in-to-sign-up.tsx'
import { SignedUp } from '../offerings/signed-up.tsx'
import { useToday } from '../offerings/use-today.ts'
import { useAcademySignUp } from './api/use-academy-sign-up.ts'
import { academyFacts, academyPricing, cancellationText, hasBegun, lateText } from './academy-text.ts'

/**
 * Signing up for an academy (issue 23): the academy, then who takes part — yourself for an
 * adults' class, or one or several children — with what the coach needs to know of each, the
 * waiver, and one press for everyone. Open to visitors, who sign in and come back here.
 */
export function AcademySignUpScreen({ academyId, academies }: { academyId: string; academies: ReturnType<typeof academiesQuery> }) {
  const { user } = useSession()
  const { data, isError } = useQuery(academies)
  const academy = data?.academies.find((a) => a.id === academyId)
  const [done, setDone] = useState<AcademySignUpResult | null>(null)
  const today = useToday()

  return (
    <section className="page narrow academy-sign-up">
      <h1>Academy Sign Up</h1>
      {isError && <Alert>The academy could not be loaded. Please try again later.</Alert>}
      {!data && !isError && <p className="loading">Loading the academy…</p>}
      {data && !academy && (
        <>
          <p>This academy is not open for registration.</p>
          <p>
            <Link to={href('academy')}>See the academies open now</Link>
          </p>
        </>
      )}
      {academy && (
        <>
          <h2>{academy.name}</h2>
          <CardFacts facts={academyFacts(academy, today)} />
          {academy.description && <p>{academy.description}</p>}
          {done ? (
            <SignedUp
              result={done}
              dates="the session dates"
              payBy={hasBegun(academy, today) ? 'before your next session' : 'before the first session'}
              receiptTo={href('academyReceipt', { userId: done.registrations[0]?.userId ?? '', academyId: academy.id })}
              back={{ to: href('academy'), label: 'Back to academies' }}
            />
          ) : (
            <WhoTakesPart academy={academy} today={today} userId={user?.uid ?? null} onDone={setDone} />
          )}
        </>
      )}
    </section>
  )
}

function WhoTakesPart({ academy, today, userId, onDone }: { academy: Academy; today: string; userId: string | null; onDone(result: AcademySignUpResult): void }) {
  const window = registrationWindow(academy, today)
  if (window === 'upcoming') return <p>Registration opens on {formatDate(academy.registrationDate)}.</p>
  if (window === 'closed') return <p>Registration for this academy closed on {formatDate(lastRegistrationDay(academy))}.</p>
  const places = placesText(academy)
  return (
    <>
      {places && <p className="signup-fact">{places}</p>}
      {hasBegun(academy, today) && <p className="signup-fact">{lateText(academy, today)}</p>}
      <p className="signup-muted">{cancellationText(academy, today)}</p>
      {userId ? <AcademySignUpForm academy={academy} today={today} userId={userId} onDone={onDone} /> : <SignInToSignUp />}
    </>
  )
}

function AcademySignUpForm({ academy, today, userId, onDone }: { academy: Academy; today: string; userId: string; onDone(result: AcademySignUpResult): void }) {
  const signUp = useAcademySignUp(academy.id, userId)
  return (
    <ProgramSignUpForm
      program={academy}
      kind="academy-place"
      isPlaceIn={(r) => r.offering.ownerId === academy.id}
      pricing={academyPricing(academy)}
      today={today}
      userId={userId}
      photosAt="at sessions"
      signUp={signUp}
      onDone={onDone}
    />
  )
}
