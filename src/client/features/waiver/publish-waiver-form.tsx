import { WaiverPublishForm } from '../../../shared/schemas/waiver.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError } from '../../lib/api.ts'
import { useForm } from '../../lib/use-form.ts'
import { TextAreaField } from '../../components/ui/text-area-field.tsx'
import type { WaiverDocument } from '../../../shared/contracts/waiver.ts'
import { usePublishWaiver } from './api/use-publish-waiver.ts'

/** Staff replace the waiver; the server makes everyone sign the new version before registering again. */
export function PublishWaiverForm({ userId, current, onPublished }: { userId: string; current: WaiverDocument; onPublished(waiver: WaiverDocument): void }) {
  const form = useForm(WaiverPublishForm, { body: current.body })
  const publish = usePublishWaiver(userId)

  const submit = form.handleSubmit(async ({ body }) => {
    try {
      const { waiver } = await publish.mutateAsync(body.trim())
      onPublished(waiver)
    } catch (error) {
      if (error instanceof ApiError) form.setServerErrors(error.fields.body ? { body: error.fields.body } : {}, error.message)
      else form.setServerErrors({}, 'Publishing the waiver failed. Please try again.')
    }
  })

  return (
    <form onSubmit={submit} noValidate>
      {form.message && <Alert>{form.message}</Alert>}
      <TextAreaField
        label={WaiverPublishForm.body.label}
        hint="Leave a blank line between paragraphs. Publishing makes everyone sign the new version before their next registration."
        rows={14}
        field={form.field('body')}
        error={form.errors.body}
      />
      <button type="submit" className="button" disabled={form.submitting || !form.ready}>
        {form.submitting ? 'Publishing…' : 'Publish new version'}
      </button>
    </form>
  )
}
