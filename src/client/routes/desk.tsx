import { DeskScreen } from '../features/desk/desk-screen.tsx'

/** /desk: the front desk (features/desk/desk-screen.tsx). */
export default function DeskPage() {
  return <DeskScreen />
}
