import { useQuery } from '@tanstack/react-query'
import type { campsQuery } from '../../queries/camps.ts'
import { ProgramListScreen } from '../offerings/program-list.tsx'
import { takesAge } from '../offerings/program-text.ts'
import { CampCard } from './camp-card.tsx'
import { forChildren } from './camp-text.ts'

/** The Camps page (issue 31 §2): every open camp, a day or a school break, filtered by sport and by a child's age. */
export function CampsScreen({ camps }: { camps: ReturnType<typeof campsQuery> }) {
  const { data, isError } = useQuery(camps)
  return (
    <ProgramListScreen
      title="Camps"
      intro="Day camps and school-break camps for children, open for registration."
      slug="camp"
      programs={data?.camps ?? null}
      failed={isError}
      words={{ failed: 'The camps could not be loaded. Please try again later.', loading: 'Loading camps…', none: 'There are no camps open for registration at this time.' }}
      age={{ takes: (camp, age) => takesAge(forChildren(camp), age), noMatch: 'No camp matches: try another sport or age.' }}
      card={(camp, today) => <CampCard key={camp.id} camp={camp} today={today} heading="h2" />}
    />
  )
}
