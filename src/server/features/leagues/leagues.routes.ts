import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { badRequest } from '../../http/errors.ts'
import type { OpenLeague } from '../../../shared/schemas/registration.ts'
import { SPORTS, type Sport } from '../../../shared/sports.ts'
import type { ActiveLeagues } from './active-leagues.ts'
import { listSignUpLeagues, waitlistSizes } from './leagues.queries.ts'
import { access } from '../../http/access.ts'

export function registerLeagueRoutes(app: FastifyInstance, { db, activeLeagues }: { db: Db; activeLeagues: ActiveLeagues }): void {
  /** Open to everyone: the home page's cards (spec §1, §4), kept ready (docs/decisions/0007). */
  app.get('/api/leagues/active', access('open'), async (_req, reply) => {
    const json = await activeLeagues.json()
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json)
  })

  /** Open to everyone: the sign-up pages' leagues with price, places left and waitlist. */
  app.get('/api/leagues/open', access('open'), async (req: FastifyRequest<{ Querystring: { sport?: string } }>) => {
    const sport = req.query.sport
    if (sport !== undefined && !(SPORTS as readonly string[]).includes(sport)) {
      throw badRequest(`Unknown sport "${sport}". Choose one of: ${SPORTS.join(', ')}.`)
    }
    const leagues = await listSignUpLeagues(db, sport as Sport | undefined)
    const waitlist = await waitlistSizes(db, leagues.map((l) => l.id))
    return {
      leagues: leagues.map(
        (l): OpenLeague => ({
          id: l.id,
          name: l.name,
          sport: l.sport,
          description: l.description,
          registrationDate: l.registrationDate,
          startDate: l.startDate,
          endDate: l.endDate,
          priceCents: l.priceCents,
          placesLeft: l.capacity === null ? null : Math.max(0, l.capacity - l.placesTaken),
          waitlistSize: waitlist.get(l.id) ?? 0,
          minAge: l.minAge,
          maxAge: l.maxAge,
        }),
      ),
    }
  })
}
