import { useId, useState } from 'react'
import { ACCOUNT_HOLDER } from '../../../shared/schemas/registration.ts'
import { WaiverSignForm } from '../../../shared/schemas/waiver.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import type { Subject } from './waiver-subjects.ts'
import { WaiverAgreement } from '../../components/waiver-agreement.tsx'
import { useSignWaiver } from './api/use-sign-waiver.ts'

interface SignWaiverFormProps {
  /** The signed-in person signing. */
  userId: string
  /** Whom the person has yet to sign the current version for; never empty. */
  unsigned: readonly Subject[]
  /** Whether "Signing for" is offered at all: only to people with children. */
  hasChildren: boolean
  initialSubject: string
  /** The name typed for the previous signature, so a guardian signing for each child types it once. */
  initialName: string
  onSigned(subject: Subject, signedName: string): void
}

/** The typed signature: full name, the agreement box, and whom it is for. */
export function SignWaiverForm({ userId, unsigned, hasChildren, initialSubject, initialName, onSigned }: SignWaiverFormProps) {
  const form = useForm(WaiverSignForm, { signedName: initialName, agree: '' })
  const sign = useSignWaiver(userId)
  const [chosen, setChosen] = useState(initialSubject)
  const subjectId = useId()
  const subject = unsigned.find((s) => s.key === chosen) ?? unsigned[0]!
  const agree = form.field('agree')

  const submit = form.handleSubmit(async ({ signedName, agree: agreed }) => {
    try {
      await sign.mutateAsync({
        signedName: signedName.trim(),
        agree: agreed,
        ...(subject.key === ACCOUNT_HOLDER ? {} : { childId: subject.key }),
      })
      onSigned(subject, signedName.trim())
    } catch (error) {
      if (error instanceof ApiError) {
        const { signedName: nameError, agree: agreeError } = error.fields
        form.setServerErrors({ ...(nameError ? { signedName: nameError } : {}), ...(agreeError ? { agree: agreeError } : {}) }, error.message)
      } else {
        form.setServerErrors({}, 'Signing the waiver failed. Please try again.')
      }
    }
  })

  return (
    <form onSubmit={submit} noValidate className="waiver-sign">
      {form.message && <Alert>{form.message}</Alert>}
      {hasChildren && (
        <div className="field">
          <label htmlFor={subjectId}>Signing for</label>
          <select id={subjectId} value={subject.key} onChange={(e) => setChosen(e.target.value)}>
            {unsigned.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField
        label={WaiverSignForm.signedName.label}
        autoComplete="name"
        hint={
          subject.key === ACCOUNT_HOLDER
            ? 'Type your full name as your signature.'
            : `As ${subject.label}'s parent or guardian, type your own full name as your signature.`
        }
        field={form.field('signedName')}
        error={form.errors.signedName}
      />
      <WaiverAgreement field={agree} error={form.errors.agree} label="I have read and agree to this waiver" />
      <button type="submit" className="button" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Signing…' : subject.key === ACCOUNT_HOLDER ? 'Sign the waiver' : `Sign for ${subject.label}`}
      </button>
    </form>
  )
}
