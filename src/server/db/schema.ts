import type { ColumnType } from 'kysely'
import type { Role } from '../../shared/roles.ts'
import type { LeagueKind, Sport } from '../../shared/sports.ts'

/**
 * One typed table per entity. Column names are camelCase, as in the specification's
 * documents (spec §3), on both databases.
 *
 * SQLite hands booleans back as 0/1 and timestamps as text or numbers; PostgreSQL hands
 * back booleans and Date objects. Query modules convert through db/values.ts so nothing
 * above them sees the difference.
 */
type Timestamp = ColumnType<Date | string | number, Date | string | number, Date | string | number>
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>

/** The user document of spec §3; the authentication library owns the first six columns. */
export interface UsersTable {
  id: string
  displayName: string
  email: string
  emailVerified: Bool
  image: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  phone: string | null
  role: Role | null
}

export interface SessionsTable {
  id: string
  userId: string
  token: string
  expiresAt: Timestamp
  ipAddress: string | null
  userAgent: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface AccountsTable {
  id: string
  userId: string
  accountId: string
  providerId: string
  accessToken: string | null
  refreshToken: string | null
  idToken: string | null
  accessTokenExpiresAt: Timestamp | null
  refreshTokenExpiresAt: Timestamp | null
  scope: string | null
  password: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface VerificationsTable {
  id: string
  identifier: string
  value: string
  expiresAt: Timestamp
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface RateLimitsTable {
  id: string
  key: string
  count: number
  lastRequest: ColumnType<number | string, number, number>
}

/** Failed sign-ins per email address, whether or not an account exists (no enumeration). */
export interface SignInFailuresTable {
  email: string
  failures: number
  firstFailedAt: Timestamp
  lockedUntil: Timestamp | null
}

export interface AppSecretsTable {
  name: string
  value: string
}

/** Calendar dates are ISO `YYYY-MM-DD` text on both databases: see docs/decisions/0003. */
export interface LeaguesTable {
  id: string
  name: string
  sport: Sport
  kind: LeagueKind
  description: string | null
  isActive: Bool
  registrationDate: string
  startDate: string
  endDate: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface AcademiesTable {
  id: string
  name: string
  description: string | null
  isActive: Bool
  registrationDate: string
  startDate: string
  endDate: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  accounts: AccountsTable
  verifications: VerificationsTable
  rateLimits: RateLimitsTable
  signInFailures: SignInFailuresTable
  appSecrets: AppSecretsTable
  leagues: LeaguesTable
  academies: AcademiesTable
}
