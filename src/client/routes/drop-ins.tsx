import { DropInsScreen } from '../features/drop-ins/drop-ins-screen.tsx'

export default function DropInsPage() {
  return <DropInsScreen />
}
