import { CreateAccountScreen } from '../features/account/create-account-screen.tsx'

/** /register: Create Account (features/account/create-account-screen.tsx). */
export default function RegisterPage() {
  return <CreateAccountScreen />
}
