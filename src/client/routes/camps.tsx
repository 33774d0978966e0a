import { CampsScreen } from '../features/camps/camps-screen.tsx'

export default function CampsPage() {
  return <CampsScreen />
}
