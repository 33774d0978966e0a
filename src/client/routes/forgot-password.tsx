import { ForgotPasswordScreen } from '../features/account/forgot-password-screen.tsx'

/** /forgotPassword: a link to choose a new password, by email (features/account/forgot-password-screen.tsx). */
export default function ForgotPasswordPage() {
  return <ForgotPasswordScreen />
}
