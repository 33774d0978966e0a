import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Camp, CampSignUpResult } from '../../../shared/contracts/camps.ts'
import { formatDate } from '../../../shared/format.ts'
import { href } from '../../../shared/paths.ts'
import { lastRegistrationDay, registrationWindow } from '../../../shared/registration-window.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CardFacts } from '../../components/ui/card-facts.tsx'
import { useSession } from '../../lib/session.tsx'
import type { campsQuery } from '../../queries/camps.ts'
import { ProgramSignUpForm } from '../offerings/program-sign-up-form.tsx'
import { placesText } from '../offerings/program-text.ts'
import { SignInToSignUp } from '../offerings/sign-in-to-sign-up.tsx'
import { SignedUp } from '../offerings/signed-up.tsx'
import { useToday } from '../offerings/use-today.ts'
import { useCampSignUp } from './api/use-camp-sign-up.ts'
import { campCancellationText, campFacts, campPricing, forChildren } from './camp-text.ts'

/**
 * Signing children up for a camp (issue 31 §2): the camp, then one or several children with what
 * the coach needs to know of each, their photo choices, the waiver, and one press for everyone.
 * Open to visitors, who sign in and come back here.
 */
export function CampSignUpScreen({ campId, camps }: { campId: string; camps: ReturnType<typeof campsQuery> }) {
  const { user } = useSession()
  const { data, isError } = useQuery(camps)
  const camp = data?.camps.find((c) => c.id === campId)
  const [done, setDone] = useState<CampSignUpResult | null>(null)
  const today = useToday()

  return (
    <section className="page narrow">
      <h1>Camp Sign Up</h1>
      {isError && <Alert>The camp could not be loaded. Please try again later.</Alert>}
      {!data && !isError && <p className="loading">Loading the camp…</p>}
      {data && !camp && (
        <>
          <p>This camp is not open for registration.</p>
          <p>
            <Link to={href('camps')}>See the camps open now</Link>
          </p>
        </>
      )}
      {camp && (
        <>
          <h2>{camp.name}</h2>
          <CardFacts facts={campFacts(camp, today)} />
          {camp.description && <p>{camp.description}</p>}
          {done ? (
            <SignedUp
              result={done}
              dates="the camp’s days and hours"
              payBy="before the first day"
              receiptTo={href('campReceipt', { userId: done.registrations[0]?.userId ?? '', campId: camp.id })}
              back={{ to: href('camps'), label: 'Back to camps' }}
            />
          ) : (
            <WhoGoes camp={camp} today={today} userId={user?.uid ?? null} onDone={setDone} />
          )}
        </>
      )}
    </section>
  )
}

function WhoGoes({ camp, today, userId, onDone }: { camp: Camp; today: string; userId: string | null; onDone(result: CampSignUpResult): void }) {
  const window = registrationWindow(camp, today)
  if (window === 'upcoming') return <p>Registration opens on {formatDate(camp.registrationDate)}.</p>
  if (window === 'closed') return <p>Registration for this camp closed on {formatDate(lastRegistrationDay(camp))}.</p>
  const places = placesText(camp)
  return (
    <>
      {places && <p className="signup-fact">{places}</p>}
      <p className="signup-muted">{campCancellationText(camp, today)}</p>
      {userId ? <CampSignUpForm camp={camp} today={today} userId={userId} onDone={onDone} /> : <SignInToSignUp />}
    </>
  )
}

function CampSignUpForm({ camp, today, userId, onDone }: { camp: Camp; today: string; userId: string; onDone(result: CampSignUpResult): void }) {
  const signUp = useCampSignUp(camp.id, userId)
  return (
    <ProgramSignUpForm
      program={forChildren(camp)}
      kind="camp-place"
      isPlaceIn={(r) => r.offering.ownerId === camp.id}
      pricing={campPricing(camp)}
      today={today}
      userId={userId}
      photosAt="at camp"
      signUp={signUp}
      onDone={onDone}
    />
  )
}
