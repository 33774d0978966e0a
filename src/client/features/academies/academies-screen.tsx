import { useQuery } from '@tanstack/react-query'
import type { Academy } from '../../../shared/contracts/academies.ts'
import { href } from '../../../shared/paths.ts'
import { SPORT_LABELS } from '../../../shared/sports.ts'
import type { academiesQuery } from '../../queries/academies.ts'
import { ProgramCard, ProgramListScreen } from '../offerings/program-list.tsx'
import { placesText, takesAge } from '../offerings/program-text.ts'
import { academyFacts } from './academy-text.ts'

/** The Academies page (issue 23): every open academy, filtered by sport and by a child's age. */
export function AcademiesScreen({ academies }: { academies: ReturnType<typeof academiesQuery> }) {
  const { data, isError } = useQuery(academies)
  return (
    <ProgramListScreen
      title="Academies"
      intro="Training programs open for registration."
      slug="academy"
      programs={data?.academies ?? null}
      failed={isError}
      words={{
        failed: 'The academies could not be loaded. Please try again later.',
        loading: 'Loading academies…',
        none: 'There are no academies open for registration at this time.',
      }}
      age={{ takes: (academy, age) => takesAge(academy, age), noMatch: 'No academy matches: try another sport or age.' }}
      card={(academy, today) => <AcademyCard key={academy.id} academy={academy} today={today} />}
    />
  )
}

function AcademyCard({ academy, today }: { academy: Academy; today: string }) {
  return (
    <ProgramCard
      id={`academy-${academy.id}`}
      heading="h2"
      sport={academy.sport && SPORT_LABELS[academy.sport]}
      name={academy.name}
      facts={academyFacts(academy, today)}
      description={academy.description}
      places={placesText(academy)}
      signUp={{ to: href('academySignUp', { id: academy.id }), label: `Sign Up: ${academy.name}` }}
    />
  )
}
