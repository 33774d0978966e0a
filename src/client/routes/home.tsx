import { useState } from 'react'
import { facilityDayNow } from '../lib/facility-day.ts'
import { leagueForCard, SPORT_CARDS } from '../../shared/sports.ts'
import { SportCard } from '../features/home/sport-card.tsx'
import { useActiveLeagues } from '../features/home/use-active-leagues.ts'

export function HomePage() {
  const { leagues, loaded } = useActiveLeagues()
  const [today] = useState(facilityDayNow)
  return (
    <section className="page">
      <h1>Sports and Activities</h1>
      <div className="sport-grid">
        {SPORT_CARDS.map((card) => (
          <SportCard key={card.id} card={card} league={leagueForCard(card, leagues, today)} loaded={loaded} />
        ))}
      </div>
    </section>
  )
}
