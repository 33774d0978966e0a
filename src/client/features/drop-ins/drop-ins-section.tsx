import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import type { dropInsQuery } from '../../queries/drop-ins.ts'
import { ProgramsSection } from '../offerings/program-list.tsx'
import { DropInCard } from './drop-in-card.tsx'

/** The sessions shown beside the academies and camps; the rest are on the Drop-in Sessions page. */
const SHOWN = 6

/** The soonest drop-in sessions beside the academies, where a family looks for something to do. */
export function DropInsSection({ dropIns }: { dropIns: ReturnType<typeof dropInsQuery> }) {
  const { data } = useQuery(dropIns)
  return (
    <ProgramsSection
      slug="drop-ins"
      title="Drop-in sessions"
      intro={
        <>
          One session on its own, for open play or a taste of an academy. <Link to={href('dropIns')}>See every drop-in session</Link>.
        </>
      }
      programs={(data?.dropIns ?? []).slice(0, SHOWN)}
      card={(dropIn, today) => <DropInCard key={dropIn.id} dropIn={dropIn} today={today} heading="h3" />}
    />
  )
}
