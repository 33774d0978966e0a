import type { FastifyInstance } from 'fastify'
import type { RegistrationDeps } from '../registrations/registrations.routes.ts'

/** League management for staff (create, edit, open and close). */
export function registerLeagueAdminRoutes(_app: FastifyInstance, _deps: RegistrationDeps): void {}
