import { ResetPasswordScreen } from '../features/account/reset-password-screen.tsx'

/** /resetPassword: a new password from a one-time link (features/account/reset-password-screen.tsx). */
export default function ResetPasswordPage() {
  return <ResetPasswordScreen />
}
