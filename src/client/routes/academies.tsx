import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDate } from '../../shared/format.ts'
import { Alert } from '../components/ui/alert.tsx'
import { academiesQuery } from '../queries/academies.ts'
import { href } from '../../shared/paths.ts'
import { CardFacts } from '../components/ui/card-facts.tsx'

export default function AcademiesPage() {
  const { data, isError: failed } = useQuery(academiesQuery())
  const academies = data?.academies ?? null

  return (
    <section className="page">
      <h1>Academies</h1>
      <p>Training programs open for registration.</p>
      {failed && <Alert>The academies could not be loaded. Please try again later.</Alert>}
      {!failed && academies === null && <p className="loading">Loading academies…</p>}
      {academies?.length === 0 && <p>There are no academies open for registration at this time.</p>}
      <div className="sport-grid">
        {academies?.map((academy) => (
          <article key={academy.id} className="sport-card" aria-labelledby={`academy-${academy.id}`}>
            <h2 id={`academy-${academy.id}`}>{academy.name}</h2>
            <CardFacts
              facts={[
                ['Starts', formatDate(academy.startDate)],
                ['Ends', formatDate(academy.endDate)],
                ['Registration', formatDate(academy.registrationDate)],
              ]}
            />
            {academy.description && <p>{academy.description}</p>}
            <p className="card-actions">
              <Link className="button" to={href('academySignUp', { id: academy.id })} aria-label={`Sign Up: ${academy.name}`}>
                Sign Up
              </Link>
            </p>
          </article>
        ))}
      </div>
    </section>
  )
}
