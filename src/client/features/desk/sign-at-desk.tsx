import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { DeskWaiverForm } from '../../../shared/schemas/desk.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { WaiverAgreement } from '../../components/waiver-agreement.tsx'
import { useSession } from '../../lib/session.tsx'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { waiverQuery } from '../../queries/waiver.ts'
import { useSignWaiverAtDesk } from './api/use-sign-waiver-at-desk.ts'
import type { Participant } from '../offerings/customer-participants.ts'

/** The customer reads and signs the waiver on the staff screen; the desk records who witnessed it. */
export function SignAtDesk({ customer, unsigned }: { customer: CustomerRecord; unsigned: Participant[] }) {
  const { user } = useSession()
  const waiver = useQuery(waiverQuery(user?.uid ?? null))
  const [who, setWho] = useState(unsigned[0]!.key)
  const sign = useSignWaiverAtDesk(customer.id)
  const form = useForm(DeskWaiverForm, { signedName: '', agree: '' })
  const agree = form.field('agree')
  const submit = form.handleSubmit(async (values) => {
    const childId = unsigned.find((p) => p.key === who)?.childId ?? null
    try {
      await sign.mutateAsync({ ...values, childId: childId ?? '' })
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields, error.message)
      else form.setServerErrors({}, 'Saving failed. Please try again.')
    }
  })
  return (
    <form onSubmit={submit} noValidate className="desk-waiver">
      <h4>Sign at the desk</h4>
      {waiver.data && <div className="desk-waiver-text" tabIndex={0} aria-label="The waiver’s text">{waiver.data.waiver.body}</div>}
      {form.message && <Alert>{form.message}</Alert>}
      <div className="field">
        <label htmlFor="desk-waiver-for">Signed for</label>
        <select id="desk-waiver-for" value={who} onChange={(e) => setWho(e.target.value)}>
          {unsigned.map((p) => (
            <option key={p.key} value={p.key}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <TextField label="Signature: the customer types their full name" field={form.field('signedName')} error={form.errors.signedName} autoComplete="off" />
      <WaiverAgreement field={agree} error={form.errors.agree} label="The customer has read and agrees to this waiver" />
      <button type="submit" className="button" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Recording…' : 'Record the signature'}
      </button>
    </form>
  )
}
