import type { ColumnType, Generated } from 'kysely'
import type { Role } from '../../shared/roles.ts'
import type { LeagueKind, Sport } from '../../shared/sports.ts'
import type { OfferingKind, RegistrationStatus } from '../../shared/schemas/registration.ts'
import type { CheckoutStatus, PaymentMethod, PaymentProvider, RefundStatus } from '../../shared/schemas/payments.ts'
import type { TeamPayment } from '../../shared/schemas/team.ts'
import type { ProductPurpose } from '../../shared/schemas/product.ts'
import type { LateSignUpPrice } from '../../shared/prices.ts'
import type { AuditAction, AuditEntity } from '../../shared/audit.ts'

/**
 * One typed table per entity. Column names are camelCase, as in the specification's
 * documents (product §3), on both databases.
 *
 * SQLite hands booleans back as 0/1 and timestamps as text or numbers; PostgreSQL hands
 * back booleans and Date objects. Query modules convert through db/values.ts so nothing
 * above them sees the difference.
 */
type Timestamp = ColumnType<Date | string | number, Date | string | number, Date | string | number>
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>

/** The user document of product §3; the authentication library owns the first six columns. */
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
  /** What is counted: `device:<id>`, `address:<ip> <email>` or `account:<email>` (sign-in-throttle.ts). */
  bucket: string
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
  /** The last day to register; null closes registration the day before startDate. */
  registrationDeadline: string | null
  rosterMin: number | null
  rosterMax: number | null
  /** Team leagues: the last day captains change their rosters; after it, only staff. */
  rosterDeadline: string | null
  /** Team leagues: who pays (TEAM_PAYMENTS in src/shared/schemas/team.ts). */
  teamPayment: TeamPayment | null
  /** Kids Sports: the age range on the league's start date. */
  minAge: number | null
  maxAge: number | null
  /** Takes children (their ages checked against the range) or account holders only: Kids Sports leagues take children. */
  forChildren: Bool
  /** The current waiver must be signed for the participant before a place is taken. */
  waiverRequired: Generated<boolean | number>
  /** With online payment on: a place is held while its taker pays, and released unpaid (migration 0028). */
  payAtSignUp: Generated<boolean | number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** A camp (issue 31 §2, migration 0038): every day from startDate to endDate, for children by their age on startDate. */
export interface CampsTable {
  id: string
  name: string
  sport: string
  description: string | null
  coach: string | null
  location: string | null
  /** The playing area its location names (migration 0050): a booking of the facility's calendar; null off the courts. */
  areaId: string | null
  isActive: Bool
  minAge: number
  maxAge: number
  /** HH:MM each day, in the facility's time zone. */
  startTime: string
  endTime: string
  registrationDate: string
  /** The last day to register; null closes registration the day before startDate. */
  registrationDeadline: string | null
  startDate: string
  /** The last day, at most 14 days after startDate; startDate for a one-day camp. */
  endDate: string
  waiverRequired: Bool
  /** With online payment on: a place is held while its taker pays, and released unpaid. */
  payAtSignUp: Bool
  createdAt: Timestamp
  updatedAt: Timestamp
}

/**
 * A drop-in session (issue 31 §2, migration 0039): one session bought on its own, an open-play
 * slot or one session of an academy, for adults or for children by their age on `date`.
 */
export interface DropInsTable {
  id: string
  name: string
  sport: string
  description: string | null
  location: string | null
  /** The playing area its location names (migration 0050): a booking of the facility's calendar; null off the courts. */
  areaId: string | null
  /** The academy this is one session of (on one of its session dates); null: open play. */
  academyId: string | null
  isActive: Bool
  forChildren: Bool
  minAge: number | null
  maxAge: number | null
  date: string
  /** HH:MM, in the facility's time zone. */
  startTime: string
  endTime: string
  /** The first day it is on sale. */
  registrationDate: string
  waiverRequired: Bool
  /** With online payment on: a place is held while its taker pays, and released unpaid. */
  payAtSignUp: Bool
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** A place at a drop-in checked in at the door (migration 0039): the headcount of who came. */
export interface DropInCheckInsTable {
  registrationId: string
  checkedInAt: Timestamp
  /** The staff member who checked the person in. */
  checkedInBy: string | null
}

export interface AcademiesTable {
  id: string
  name: string
  description: string | null
  isActive: Bool
  registrationDate: string
  /** The last day to register; null closes registration the day before startDate. */
  registrationDeadline: string | null
  startDate: string
  endDate: string
  /** Takes children (their ages checked against minAge..maxAge on startDate) or account holders only. */
  forChildren: Generated<boolean | number>
  minAge: number | null
  maxAge: number | null
  waiverRequired: Generated<boolean | number>
  sport: string | null
  coach: string | null
  /** Where it meets: a court or a field. */
  location: string | null
  /** The playing area its location names (migration 0050): a booking of the facility's calendar; null off the courts. */
  areaId: string | null
  /** ISO weekdays it meets on, as `2,4` (shared/academy-schedule.ts); empty until set. */
  weekdays: Generated<string>
  /** HH:MM in the facility's time zone. */
  startTime: string | null
  endTime: string | null
  /** Dates it does not meet on (holidays), as `2026-11-26,2026-12-24`. */
  skippedDates: Generated<string>
  /** With online payment on: a place is held while its taker pays, and released unpaid (migration 0028). */
  payAtSignUp: Generated<boolean | number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** A team of a team league; its captain is this column, never a role (docs/decisions/0015). */
export interface TeamsTable {
  id: string
  leagueId: string
  name: string
  /** The name lower-cased without spaces: unique within the league. */
  nameKey: string
  /** Null while staff hold the team's place for `captainEmail` (/createTeamAdmin), until `holdExpiresAt`. */
  captainUserId: string | null
  captainEmail: string | null
  holdExpiresAt: Timestamp | null
  /** Changed to regenerate the invite link: the link is derived from it (teams/invites.ts). */
  inviteNonce: string
  /** Roster-deadline reminders sent to the captain of a forming team (7 and 2 days before). */
  remindersSent: Generated<number>
  /** JSON array of player addresses from an import (/addTeams), invited once the captain completes the team. */
  pendingInvites: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** Invite emails a team's captain sent on a facility day (capped: INVITE_LIMITS). */
export interface TeamInvitesSentTable {
  teamId: string
  day: string
  sent: Generated<number>
}

export interface ChildrenTable {
  id: string
  guardianId: string
  firstName: string
  lastName: string
  dateOfBirth: string
  emergencyContactName: string
  emergencyContactPhone: string
  notes: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface WaiversTable {
  version: number
  body: string
  publishedAt: Timestamp
  publishedBy: string | null
}

export interface WaiverSignaturesTable {
  id: string
  userId: string
  waiverVersion: number
  /** ACCOUNT_HOLDER ('self') or the child's id. */
  subjectKey: string
  childId: string | null
  signedName: string
  signedAt: Timestamp
  ipAddress: string | null
  userAgent: string | null
  /** The staff member a signature at the front desk was made in front of; null when signed online. */
  witnessedBy: string | null
}

/** A price on the price list: a league's player fee, a team fee, an academy term (decision 0012). */
export interface ProductsTable {
  id: string
  name: string
  listPriceCents: number
  earlyBirdPriceCents: number | null
  /** The last facility day the early-bird price applies. */
  earlyBirdUntil: string | null
  /** Taken off the second and further children one account registers in the same league or academy (migration 0030). */
  familyDiscountPercent: ColumnType<number | null, number | null | undefined, number | null>
  /** A payment plan: the deposit at sign-up, and the days of the other parts (comma-separated facility days); both null without one (migration 0031). */
  planDepositCents: ColumnType<number | null, number | null | undefined, number | null>
  planDueDates: ColumnType<string | null, string | null | undefined, string | null>
  /** An extra's sizes, comma-separated, as people choose one at checkout (migration 0032); null: one size. */
  sizes: ColumnType<string | null, string | null | undefined, string | null>
  /** What a late sign-up to an academy under way pays: `full`, or `sessions-left` (migration 0035, shared/prices.ts). */
  lateSignUpPrice: Generated<LateSignUpPrice>
  /** What it is for: shared/schemas/product.ts PRODUCT_PURPOSES. */
  purpose: Generated<ProductPurpose>
  /** Offered on the price list: an inactive product prices nothing new. */
  isActive: Generated<boolean | number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** A product as one change left it, and who made the change (null: the site, or before the price list). */
export interface ProductChangesTable {
  id: string
  productId: string
  name: string
  purpose: ProductPurpose
  listPriceCents: number
  earlyBirdPriceCents: number | null
  earlyBirdUntil: string | null
  familyDiscountPercent: ColumnType<number | null, number | null | undefined, number | null>
  planDepositCents: ColumnType<number | null, number | null | undefined, number | null>
  planDueDates: ColumnType<string | null, string | null | undefined, string | null>
  sizes: ColumnType<string | null, string | null | undefined, string | null>
  lateSignUpPrice: Generated<LateSignUpPrice>
  isActive: boolean | number
  changedBy: string | null
  changedAt: Timestamp
}

/** Something a person signs up for: a set of places with its own capacity and waitlist. */
export interface OfferingsTable {
  id: string
  kind: OfferingKind
  leagueId: string | null
  academyId: string | null
  campId: string | null
  dropInId: string | null
  /** A roster's places: the team's. */
  teamId: string | null
  productId: string | null
  /** Places; null means no limit. */
  capacity: number | null
  /** The fewest confirmed places it needs to run (migration 0042); null: none. */
  minimum: Generated<number | null>
  /** Confirmed and offered places (docs/decisions/0006). */
  placesTaken: Generated<number>
  /** Waitlisted registrations: changed with every move into or out of the waitlist. */
  waiting: Generated<number>
  /** Hands out the order in which people asked, for the waitlist and receipt numbers. */
  seq: Generated<number>
  receiptPrefix: string
  createdAt: Timestamp
}

export interface RegistrationsTable {
  id: string
  offeringId: string
  userId: string
  /** ACCOUNT_HOLDER ('self') or the child's id: one registration per participant per offering. */
  participantKey: string
  childId: string | null
  status: RegistrationStatus
  seq: number
  receiptNumber: string
  idempotencyKey: string | null
  offerExpiresAt: Timestamp | null
  waiverVersion: number | null
  /** The team a team place or a roster place is for. */
  teamId: string | null
  /** The league of a player's place in a team league: one live place per league and participant. */
  leagueSlot: string | null
  /** An academy place's photo consent, as its guardian chose at sign-up; null where nobody was asked. */
  photoConsent: ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>
  createdAt: Timestamp
  updatedAt: Timestamp
}

/**
 * The columns of a registration that its kind fills, from its offering (a roster's team and its
 * league's slot, docs/decisions/0015) or from its request (the team a team's entry is for): the
 * engine writes what it is given and names none of them.
 */
export type KindColumns = Partial<Pick<RegistrationsTable, (typeof KIND_COLUMNS)[number]>>
/** KindColumns' names, for the reads that hand a place's columns to its kind without naming them (core/registrations/kinds.ts `PlaceFacts`). */
export const KIND_COLUMNS = ['teamId', 'leagueSlot'] as const satisfies readonly (keyof RegistrationsTable)[]

/** Who came to an academy's session: one row per place and session date, the last mark wins. */
export interface AcademyAttendanceTable {
  registrationId: string
  sessionDate: string
  present: Bool
  markedBy: string | null
  markedAt: Timestamp
}

export interface OrdersTable {
  id: string
  payerUserId: string
  createdAt: Timestamp
}

/** What is owed: `amountDueCents` after any early-bird price or discount, the list price beside it. */
export interface OrderLinesTable {
  id: string
  orderId: string
  registrationId: string | null
  productId: string | null
  description: string
  listPriceCents: number
  amountDueCents: number
  /** The discount code that took `discountCents` off this line (`amountDueCents + discountCents` is the price of the day). */
  discountCodeId: ColumnType<string | null, string | null | undefined, string | null>
  discountCents: Generated<number>
  /** What staff adjustments took off this line in all (lineAdjustments, migration 0029). */
  adjustedCents: Generated<number>
  /** What the family discount of the line's product took off (migration 0030). */
  familyDiscountCents: Generated<number>
  /** The payment plan of the line's product on the day it was made (migration 0031); null without one. */
  planDepositCents: ColumnType<number | null, number | null | undefined, number | null>
  planDueDates: ColumnType<string | null, string | null | undefined, string | null>
  /** A late sign-up charged for the sessions left: how many of how many (migration 0035); both null for the whole price. */
  sessionsCharged: ColumnType<number | null, number | null | undefined, number | null>
  sessionsInAll: ColumnType<number | null, number | null | undefined, number | null>
  createdAt: Timestamp
}

/** An extra and a fee it is offered beside at checkout (migration 0032). */
export interface ExtraProductsTable {
  extraId: string
  productId: string
}

/** A payment plan's part whose payment link was emailed (migration 0031): once per line and day. */
export interface PlanRemindersTable {
  orderLineId: string
  dueDate: string
  sentAt: Timestamp
}

/** A credit or scholarship staff gave on a line: who, when and why. */
export interface LineAdjustmentsTable {
  id: string
  orderLineId: string
  /** Taken off what the line asks (positive). */
  amountCents: number
  reason: string
  recordedBy: string | null
  recordedAt: Timestamp
  /** The refund it lowered the price for ("refund and lower the price", migration 0045); null for a credit or a scholarship. */
  refundId: ColumnType<string | null, string | null | undefined, string | null>
  /** The line's payment plan before a refund's cut, put back if the refund fails; null without one. */
  planDepositCentsBefore: ColumnType<number | null, number | null | undefined, number | null>
  planDueDatesBefore: ColumnType<string | null, string | null | undefined, string | null>
}

/** A discount code (issue 24): a percentage or an amount off, stored upper-cased; `uses` is raised by one conditional UPDATE. */
export interface DiscountCodesTable {
  id: string
  code: string
  description: string | null
  /** 1–100; exactly one of percentOff and amountOffCents is set. */
  percentOff: number | null
  amountOffCents: number | null
  /** Facility days, both inclusive; null: no limit. */
  validFrom: string | null
  validUntil: string | null
  /** Uses in all, and per person; null: no limit. */
  maxUses: number | null
  maxUsesPerPerson: number | null
  uses: Generated<number>
  isActive: Generated<boolean | number>
  createdBy: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** The products a code is for; a code with no rows is for every product. */
export interface DiscountCodeProductsTable {
  discountCodeId: string
  productId: string
}

/** One use of a code: one per order, by the person who entered it, with what it took off in all. */
export interface DiscountCodeUsesTable {
  id: string
  discountCodeId: string
  orderId: string
  userId: string
  discountCents: number
  createdAt: Timestamp
}

export interface PaymentsTable {
  id: string
  orderId: string
  amountCents: number
  provider: PaymentProvider
  /** The provider's id (a Checkout session); unique per provider, so it is recorded once. */
  externalId: string | null
  method: PaymentMethod
  reference: string | null
  /** A card paid online: its brand (visa) and last four digits, for the receipt. */
  cardBrand: string | null
  cardLast4: string | null
  recordedBy: string | null
  recordedAt: Timestamp
}

/** How a payment is spread over the lines of its order. */
export interface PaymentAllocationsTable {
  paymentId: string
  orderLineId: string
  amountCents: number
}

/** Money given back from one payment, by the provider that took it (a positive amount). */
export interface RefundsTable {
  id: string
  paymentId: string
  amountCents: number
  provider: PaymentProvider
  /** The provider's refund id; unique per provider, so it is recorded once. */
  externalId: string | null
  reason: string | null
  /** A refund through a provider online is pending until it confirms it; a failed one gives nothing back. */
  status: Generated<RefundStatus>
  recordedBy: string | null
  recordedAt: Timestamp
}

/** Which lines a refund takes its money from (positive amounts, each at most what its payment gave the line). */
export interface RefundAllocationsTable {
  refundId: string
  orderLineId: string
  amountCents: number
}

/** A payment page the site opened with a provider for what an order owed then (issue 24, decision 0023). */
export interface CheckoutsTable {
  id: string
  /** Whose page it is paid on (migration 0036). */
  provider: PaymentProvider
  orderId: string
  payerUserId: string
  amountCents: number
  status: CheckoutStatus
  /** The provider's id of the page, once it opened it. */
  externalId: string | null
  /** Where the payer pays (the provider's hosted page). */
  url: string | null
  expiresAt: Timestamp
  /** The payment it became. */
  paymentId: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** What a checkout pays on each line of its order. */
export interface CheckoutLinesTable {
  checkoutId: string
  orderLineId: string
  amountCents: number
}

/** A provider's event applied: recorded in the transaction of its effect, so a second delivery changes nothing. */
export interface PaymentEventsTable {
  provider: PaymentProvider
  /** The provider's event id, unique to it. */
  id: string
  type: string
  /** When the provider made it: the nightly reconciliation reads its events from the newest one seen. */
  createdAt: Timestamp
  receivedAt: Timestamp
}

export interface RegistrationEventsTable {
  id: string
  registrationId: string
  action: string
  actorId: string | null
  /** JSON text. */
  details: string | null
  at: Timestamp
}

/** A staff action as it was recorded (migration 0040, core/audit.ts): append only. */
export interface AuditEntriesTable {
  id: string
  at: Timestamp
  staffId: string
  staffName: string
  action: AuditAction
  entityKind: AuditEntity
  entityId: string
  entityLabel: string
  /** JSON text. */
  before: string | null
  /** JSON text. */
  after: string | null
  address: string
}

/** A message staff wrote to an audience (migration 0041, features/messages). */
export interface MessagesTable {
  id: string
  authorId: string
  authorName: string
  audienceKind: 'league' | 'team' | 'academy' | 'camp'
  audienceId: string
  audienceLabel: string
  waitlist: Bool
  whom: 'participants' | 'guardians' | 'captains'
  subject: string
  text: string
  recipients: number
  skipped: number
  createdAt: Timestamp
}

/** One address a message goes to, once; `outboxId` once its outbox row is written. */
export interface MessageRecipientsTable {
  id: string
  messageId: string
  address: string
  outboxId: string | null
}

export interface MessagesSentPerDayTable {
  staffId: string
  day: string
  sent: Generated<number>
}

/** An address that asked for no more messages (lower-cased). */
export interface UnsubscribesTable {
  address: string
  createdAt: Timestamp
}

/** The opaque token of an address's unsubscribe link, made with its first message (migration 0044). */
export interface UnsubscribeTokensTable {
  token: string
  address: string
  createdAt: Timestamp
}

export interface OutboxTable {
  id: string
  recipient: string
  subject: string
  text: string
  status: 'pending' | 'sent' | 'logged' | 'failed'
  attempts: Generated<number>
  lastError: string | null
  nextAttemptAt: Timestamp
  createdAt: Timestamp
  sentAt: Timestamp | null
  /** Carries a one-time link: its text is never shown to staff or logged. */
  carriesSecret: Generated<boolean | number>
}

/** A delivery of a provider's event the site refused or failed to apply, its latest (migration 0043, core/payments/webhook-failures.ts). */
export interface WebhookFailuresTable {
  provider: PaymentProvider
  /** The event's id and type as the delivery gave them (unverified when its signature was refused). */
  eventId: string
  eventType: string
  /** The reason, one line. */
  reason: string
  /** How many deliveries of it failed. */
  deliveries: number
  /** The latest failure. */
  failedAt: Timestamp
}

/** Work done after the commit of the transaction that wrote it (core/jobs.ts, migration 0023). */
export interface JobsTable {
  id: string
  /** Which registered handler does it. */
  kind: string
  /** JSON, the handler's input. */
  payload: string
  status: 'pending' | 'done' | 'dead'
  attempts: Generated<number>
  /** When it is next due; while an instance works on it, when its claim lapses. */
  runAt: Timestamp
  lastError: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface BackupsTable {
  id: string
  trigger: 'scheduled' | 'command'
  status: 'running' | 'done' | 'failed'
  /** Where the copy was written (absolute path). */
  file: string
  sizeBytes: number | string | null
  error: string | null
  startedAt: Timestamp
  finishedAt: Timestamp | null
}

/** Every password link made (migration 0033): what the limit on links per account counts. */
export interface PasswordLinksTable {
  id: string
  userId: string
  /** The staff member who made it; null for Forgot Password. */
  madeBy: string | null
  createdAt: Timestamp
}

/**
 * A view (migration 0037, redefined by each new kind's migration): what every view of a place
 * shows of what it is in, whatever its kind.
 */
export interface OfferingFactsView {
  offeringId: string
  /** The league's (a team's entry and a roster place too), the academy's, the camp's or the drop-in's id. */
  ownerId: string
  name: string
  sport: string | null
  startDate: string
  endDate: string
  /** ISO weekdays it meets on (`2,4`); null for an offering without sessions. */
  weekdays: string | null
  startTime: string | null
  endTime: string | null
  skippedDates: string | null
}

/** A team's or an academy's private calendar feed: its link's token (migration 0047). */
export interface CalendarFeedsTable {
  ownerKind: 'team' | 'academy'
  ownerId: string
  token: string
  createdAt: Timestamp
}

/** A court or field of the facility and the sports it can host (migration 0046, features/schedule). */
export interface PlayingAreasTable {
  id: string
  name: string
  /** The name lower-cased without spaces: unique. */
  nameKey: string
  /** Sports (SPORTS) as `basketball,kids`. */
  sports: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** A team league's game nights, count of games and standings rules; one row per league (migration 0046). */
export interface GameNightsTable {
  leagueId: string
  /** ISO weekdays as `2,4` (shared/academy-schedule.ts). */
  weekdays: string
  /** HH:MM, the facility's wall clock: the first game's start and the last game's start. */
  firstGameTime: string
  lastGameTime: string
  gameMinutes: number
  /** Playing area ids as `id1,id2`. */
  areaIds: string
  /** Dates skipped (holidays) as `2026-11-26,2026-12-24`. */
  skippedDates: Generated<string>
  countKind: 'round-robin' | 'weeks'
  /** Meetings of every pair (1 or 2), or weeks. */
  countNumber: number
  winPoints: number
  tiePoints: number
  lossPoints: number
  forfeitWinnerScore: number
  forfeitLoserScore: number
  /** TieBreak values in order, as `head-to-head,difference,points-for`. */
  tieBreaks: string
  /** Null while the schedule is a draft. */
  publishedAt: Timestamp | null
  updatedAt: Timestamp
}

/** A game of a team league on a playing area at a date and time, a draft's too (migration 0046). */
export interface GamesTable {
  id: string
  leagueId: string
  homeTeamId: string
  awayTeamId: string
  areaId: string
  date: string
  /** HH:MM, the facility's wall clock. */
  startTime: string
  endTime: string
  /** Null until the game is played. */
  homeScore: number | null
  awayScore: number | null
  forfeitedBy: string | null
  /** Counts the changes of the result: a scorer's change names the one they saw (migration 0048). */
  scoreVersion: Generated<number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** A date a team's captain asked it not to play (migration 0046). */
export interface TeamBlackoutsTable {
  teamId: string
  date: string
}

/** A game a league's draft could not place, in the generator's order (migration 0049). */
export interface UnplacedGamesTable {
  leagueId: string
  position: number
  homeTeamId: string
  awayTeamId: string
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  accounts: AccountsTable
  verifications: VerificationsTable
  passwordLinks: PasswordLinksTable
  rateLimits: RateLimitsTable
  signInFailures: SignInFailuresTable
  appSecrets: AppSecretsTable
  leagues: LeaguesTable
  academies: AcademiesTable
  teams: TeamsTable
  teamInvitesSent: TeamInvitesSentTable
  children: ChildrenTable
  waivers: WaiversTable
  waiverSignatures: WaiverSignaturesTable
  products: ProductsTable
  productChanges: ProductChangesTable
  camps: CampsTable
  dropIns: DropInsTable
  dropInCheckIns: DropInCheckInsTable
  offerings: OfferingsTable
  offeringFacts: OfferingFactsView
  registrations: RegistrationsTable
  academyAttendance: AcademyAttendanceTable
  orders: OrdersTable
  orderLines: OrderLinesTable
  discountCodes: DiscountCodesTable
  discountCodeProducts: DiscountCodeProductsTable
  discountCodeUses: DiscountCodeUsesTable
  payments: PaymentsTable
  paymentAllocations: PaymentAllocationsTable
  refunds: RefundsTable
  refundAllocations: RefundAllocationsTable
  checkouts: CheckoutsTable
  lineAdjustments: LineAdjustmentsTable
  planReminders: PlanRemindersTable
  extraProducts: ExtraProductsTable
  checkoutLines: CheckoutLinesTable
  paymentEvents: PaymentEventsTable
  registrationEvents: RegistrationEventsTable
  auditEntries: AuditEntriesTable
  messages: MessagesTable
  messageRecipients: MessageRecipientsTable
  messagesSentPerDay: MessagesSentPerDayTable
  unsubscribes: UnsubscribesTable
  unsubscribeTokens: UnsubscribeTokensTable
  outbox: OutboxTable
  jobs: JobsTable
  backups: BackupsTable
  webhookFailures: WebhookFailuresTable
  playingAreas: PlayingAreasTable
  gameNights: GameNightsTable
  games: GamesTable
  teamBlackouts: TeamBlackoutsTable
  calendarFeeds: CalendarFeedsTable
  unplacedGames: UnplacedGamesTable
}
