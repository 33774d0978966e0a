import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { href } from '../../../shared/paths.ts'
import type { campsQuery } from '../../queries/camps.ts'
import { ProgramsSection } from '../offerings/program-list.tsx'
import { CampCard } from './camp-card.tsx'

/** The open camps beside the academies, where a family looks for something for their child. */
export function CampsSection({ camps }: { camps: ReturnType<typeof campsQuery> }) {
  const { data } = useQuery(camps)
  return (
    <ProgramsSection
      slug="camps"
      title="Camps"
      intro={
        <>
          A day or a school break of sport for children. <Link to={href('camps')}>See every camp, by sport and age</Link>.
        </>
      }
      programs={data?.camps ?? []}
      card={(camp, today) => <CampCard key={camp.id} camp={camp} today={today} heading="h3" />}
    />
  )
}
