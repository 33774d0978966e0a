import { useQuery } from '@tanstack/react-query'
import type { dropInsQuery } from '../../queries/drop-ins.ts'
import { ProgramListScreen } from '../offerings/program-list.tsx'
import { DropInCard } from './drop-in-card.tsx'

/** The Drop-in Sessions page (issue 31 §2): every session open for sale, the soonest first, filtered by sport. */
export function DropInsScreen({ dropIns }: { dropIns: ReturnType<typeof dropInsQuery> }) {
  const { data, isError } = useQuery(dropIns)
  return (
    <ProgramListScreen
      title="Drop-in Sessions"
      intro="One session on its own: open play, or a single session of an academy. Buy a place online or at the front desk."
      slug="drop-in"
      programs={data?.dropIns ?? null}
      failed={isError}
      words={{
        failed: 'The drop-in sessions could not be loaded. Please try again later.',
        loading: 'Loading drop-in sessions…',
        none: 'There are no drop-in sessions open at this time.',
      }}
      card={(dropIn, today) => <DropInCard key={dropIn.id} dropIn={dropIn} today={today} heading="h2" />}
    />
  )
}
