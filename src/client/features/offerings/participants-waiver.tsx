import type { WaiverDocument } from '../../../shared/contracts/waiver.ts'
import { WaiverText } from '../../components/waiver-text.tsx'
import { SignWaiverForm } from './sign-waiver-form.tsx'
import type { Candidate } from './participant-choice.tsx'

interface ParticipantsWaiverProps {
  userId: string
  waiver: WaiverDocument
  /** The participants chosen who have not signed the current version; never empty. */
  unsigned: readonly Candidate[]
  forChildren: boolean
  /** The name typed for the last signature, so a guardian signing for each child types it once. */
  signedName: string
  onSigned(signedName: string): void
}

/**
 * The waiver, signed for each participant chosen who has not signed it yet, one after another.
 */
export function ParticipantsWaiver({ userId, waiver, unsigned, forChildren, signedName, onSigned }: ParticipantsWaiverProps) {
  return (
    <section className="program-waiver" aria-labelledby="program-waiver-heading">
      <h3 id="program-waiver-heading">Sign the waiver</h3>
      <p>{forChildren ? 'As their parent or guardian, sign the waiver for each child taking part.' : 'Sign the waiver to take part.'}</p>
      <WaiverText waiver={waiver} />
      <SignWaiverForm
        key={unsigned[0]!.key}
        userId={userId}
        unsigned={unsigned.map((c) => ({ key: c.key, label: c.child ? c.name : 'Myself' }))}
        hasChildren={forChildren}
        initialSubject={unsigned[0]!.key}
        initialName={signedName}
        onSigned={(_subject, name) => onSigned(name)}
      />
    </section>
  )
}
