import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Alert } from '../components/ui/alert.tsx'
import { useSession } from '../lib/session.tsx'
import { PublishWaiverForm } from '../features/waiver/publish-waiver-form.tsx'
import { SignWaiverForm } from '../features/offerings/sign-waiver-form.tsx'
import { signedForText, subjectsOf, type Subject } from '../features/offerings/waiver-subjects.ts'
import { readWaiverRequest, type WaiverRequest } from '../lib/waiver-request.ts'
import { WaiverText } from '../components/waiver-text.tsx'
import { href } from '../../shared/paths.ts'
import { ACCOUNT_HOLDER, participantKeyOf } from '../../shared/schemas/registration.ts'
import { usePageQueries, type PageVisit } from '../lib/page-queries.ts'
import { useWaiver, waiverQuery, type WaiverPageData } from '../queries/waiver.ts'
import { childrenQuery } from '../queries/children.ts'

/** The page is rendered with the waiver: a visitor's, or a signed-in person's with their signatures and children. */
export function opensWith({ user }: PageVisit) {
  return { waiver: waiverQuery(user?.uid ?? null), children: user && childrenQuery(user.uid) }
}

export default function WaiverPage() {
  const { user } = useSession()
  const request = readWaiverRequest(useLocation().state)
  const { data, failed } = useWaiver(usePageQueries(opensWith))
  const [publishedVersion, setPublishedVersion] = useState<number | null>(null)

  return (
    <section className="page waiver-page">
      <h1>Waiver</h1>
      {failed && <Alert>The waiver could not be loaded. Please try again later.</Alert>}
      {!data && !failed && <p className="loading">Loading the waiver…</p>}
      {data && (
        <>
          {request.from && user && !data.signatures.some((s) => s.subjectKey === participantKeyOf(request.childId)) && (
            <Alert tone="info">Please sign the current waiver to continue your registration.</Alert>
          )}
          <WaiverText waiver={data.waiver} />
          <section className="waiver-section" aria-labelledby="waiver-sign-heading">
            <h2 id="waiver-sign-heading">Sign the waiver</h2>
            {user ? (
              // A new version starts with nothing signed, so nothing may say "Signed" either.
              <Signing key={data.waiver.version} userId={user.uid} data={data} request={request} />
            ) : (
              <p>
                You need an account to sign the waiver.{' '}
                <Link to={href('signIn')} state={{ from: href('waiver') } satisfies WaiverRequest}>
                  Sign in to sign the waiver
                </Link>
              </p>
            )}
          </section>
          {user?.isAdmin && (
            <section className="waiver-section" aria-labelledby="waiver-publish-heading">
              <h2 id="waiver-publish-heading">Publish a new version</h2>
              {publishedVersion !== null && (
                <Alert tone="success">
                  Version {publishedVersion} is published. Everyone must sign it again before their next registration.
                </Alert>
              )}
              <PublishWaiverForm
                // A new version prefills the form with its own text.
                key={data.waiver.version}
                userId={user.uid}
                current={data.waiver}
                onPublished={(waiver) => setPublishedVersion(waiver.version)}
              />
            </section>
          )}
        </>
      )}
    </section>
  )
}

interface SigningProps {
  userId: string
  data: WaiverPageData
  request: ReturnType<typeof readWaiverRequest>
}

/** Whom the current version is signed for, the way back to the registration, and the form for the rest. */
function Signing({ userId, data, request }: SigningProps) {
  const [last, setLast] = useState<{ subject: Subject; name: string; count: number } | null>(null)
  const continueLink = useRef<HTMLAnchorElement>(null)
  const status = useRef<HTMLDivElement>(null)
  const subjects = subjectsOf(data.children)
  const signed = new Set(data.signatures.map((s) => s.subjectKey))
  const unsigned = subjects.filter((s) => !signed.has(s.key))
  const signedFor = signedForText(subjects, data.signatures)
  // A link rather than an automatic return: the person sees the confirmation, and a guardian
  // can sign for another child before going back.
  const back = request.from !== null && signed.has(participantKeyOf(request.childId)) ? request.from : null

  // The form the focus was in has gone: the next step is the way back, or else the confirmation.
  // Should the way back appear a render after the confirmation, it takes the focus then.
  useEffect(() => {
    if (last) (continueLink.current ?? status.current)?.focus()
  }, [last, back])

  return (
    <>
      <div role="status" className="waiver-status" ref={status} tabIndex={-1}>
        {last && (
          <p>
            <strong>Signed</strong> for {last.subject.key === ACCOUNT_HOLDER ? 'yourself' : last.subject.label}.
          </p>
        )}
        {signedFor && (
          <p>
            Version {data.waiver.version} is signed for: {signedFor}.
          </p>
        )}
      </div>
      {back && (
        <p>
          <Link
            ref={continueLink}
            className="button"
            to={back}
            state={{ ...(request.childId ? { childId: request.childId } : {}), ...(request.resume ? { resume: request.resume } : {}) } satisfies WaiverRequest}
          >
            Continue registration
          </Link>
        </p>
      )}
      {unsigned.length > 0 ? (
        <SignWaiverForm
          // A fresh form for the next signature, keeping only the typed name.
          key={last?.count ?? 0}
          userId={userId}
          unsigned={unsigned}
          hasChildren={data.children.length > 0}
          initialSubject={participantKeyOf(request.childId)}
          initialName={last?.name ?? ''}
          onSigned={(subject, name) => setLast((previous) => ({ subject, name, count: (previous?.count ?? 0) + 1 }))}
        />
      ) : (
        <p>You have signed the current version for everyone on your account.</p>
      )}
    </>
  )
}
