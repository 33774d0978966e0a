import type { UseForm } from '../../lib/use-form.ts'
import { TextField } from './text-field.tsx'

/** New password and its confirmation, as /account's change and /resetPassword ask for them. */
export function NewPasswordFields<K extends string>({ form }: { form: UseForm<K | 'newPassword' | 'confirmNewPassword'> }) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        field={form.field('newPassword')}
        error={form.errors.newPassword}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        field={form.field('confirmNewPassword')}
        error={form.errors.confirmNewPassword}
      />
    </>
  )
}
