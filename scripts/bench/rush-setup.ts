import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../../src/server/db/connect.ts'
import { inTransaction } from '../../src/server/db/transaction.ts'
import { boolParam, timestampParam } from '../../src/server/db/values.ts'
import { insertAcademy } from '../../src/server/features/academies/academies.queries.ts'
import { insertCamp } from '../../src/server/features/camps/camps.queries.ts'
import { insertDropIn } from '../../src/server/features/drop-ins/drop-ins.queries.ts'
import { insertLeague } from '../../src/server/features/leagues/leagues.queries.ts'
import { currentWaiver } from '../../src/server/core/waivers.queries.ts'

/**
 * Prepares a rush: one open league (and, for the academy mode, an adults' academy of the same
 * capacity; for the camp mode, a children's camp of it and one child per customer, the child's
 * waiver signed; for the drop-in mode, an adults' drop-in session of it) and N customers who are already signed in and have
 * signed the waiver, written straight to the database. Signing in through the API would
 * make the benchmark measure argon2, not registration (issue: "the bench creates its
 * sessions first").
 */
export async function prepareRush(db: Db, opts: { registrations: number; capacity: number; secret: string; teams?: boolean; children?: boolean; dropIn?: boolean }) {
  const today = new Date()
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
  // Teams mode: `capacity` team places, and rosters of `capacity` players.
  const leagueId = await insertLeague(db, {
    name: 'Rush League',
    sport: 'soccer',
    kind: opts.teams ? 'team' : 'individual',
    isActive: true,
    registrationDate: day(-1),
    startDate: day(14),
    endDate: day(90),
    priceCents: 4500,
    capacity: opts.teams ? null : opts.capacity,
    ...(opts.teams ? { teamCapacity: opts.capacity, rosterMax: opts.capacity, teamPayment: 'team-fee' as const, teamFeeCents: 30000 } : {}),
  })
  const academyId = await insertAcademy(db, {
    name: 'Rush Academy',
    sport: 'soccer',
    isActive: true,
    forChildren: false,
    weekdays: [2, 4],
    startTime: '18:00',
    endTime: '19:00',
    registrationDate: day(-1),
    startDate: day(14),
    endDate: day(90),
    capacity: opts.capacity,
    priceCents: 18_000,
  })
  const campId = opts.children
    ? await insertCamp(db, {
        name: 'Rush Camp',
        sport: 'soccer',
        isActive: true,
        minAge: 6,
        maxAge: 11,
        startTime: '09:00',
        endTime: '15:00',
        registrationDate: day(-1),
        startDate: day(14),
        endDate: day(16),
        capacity: opts.capacity,
        priceCents: 14_500,
      })
    : null
  const dropInId = opts.dropIn
    ? await insertDropIn(db, {
        name: 'Rush Open Gym',
        sport: 'basketball',
        isActive: true,
        forChildren: false,
        date: day(7),
        startTime: '10:00',
        endTime: '12:00',
        registrationDate: day(-1),
        capacity: opts.capacity,
        priceCents: 1_000,
      })
    : null
  const waiver = await currentWaiver(db)
  const now = timestampParam(db.dialect, today)
  const expires = timestampParam(db.dialect, new Date(today.getTime() + 86_400_000))
  const cookies: string[] = []
  /** Each customer's child, in the cookies' order (the camp mode). */
  const childIds: string[] = []
  const batch = 500
  for (let start = 0; start < opts.registrations; start += batch) {
    const users = Array.from({ length: Math.min(batch, opts.registrations - start) }, (_, i) => ({
      id: randomUUID(),
      n: start + i,
      token: randomBytes(24).toString('base64url'),
      childId: randomUUID(),
    }))
    await inTransaction(db, async (tx) => {
      await tx.kysely
        .insertInto('users')
        .values(
          users.map((u) => ({
            id: u.id,
            displayName: `Rusher ${u.n}`,
            email: `rusher-${u.n}@bench.test`,
            emailVerified: boolParam(tx.dialect, false),
            image: null,
            createdAt: now,
            updatedAt: now,
            phone: '555-010-0000',
            role: 'customer' as const,
          })),
        )
        .execute()
      await tx.kysely
        .insertInto('sessions')
        .values(
          users.map((u) => ({
            id: randomUUID(),
            userId: u.id,
            token: u.token,
            expiresAt: expires,
            createdAt: now,
            updatedAt: now,
            ipAddress: '127.0.0.1',
            userAgent: 'bench',
          })),
        )
        .execute()
      await tx.kysely
        .insertInto('waiverSignatures')
        .values(
          users.map((u) => ({
            id: randomUUID(),
            userId: u.id,
            waiverVersion: waiver.version,
            subjectKey: 'self',
            childId: null,
            signedName: `Rusher ${u.n}`,
            signedAt: now,
            ipAddress: '127.0.0.1',
            userAgent: 'bench',
          })),
        )
        .execute()
      if (!opts.children) return
      await tx.kysely
        .insertInto('children')
        .values(
          users.map((u) => ({
            id: u.childId,
            guardianId: u.id,
            firstName: `Kid ${u.n}`,
            lastName: 'Rusher',
            dateOfBirth: day(-9 * 365),
            emergencyContactName: `Rusher ${u.n}`,
            emergencyContactPhone: '555-010-0000',
            notes: null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute()
      await tx.kysely
        .insertInto('waiverSignatures')
        .values(
          users.map((u) => ({
            id: randomUUID(),
            userId: u.id,
            waiverVersion: waiver.version,
            subjectKey: u.childId,
            childId: u.childId,
            signedName: `Rusher ${u.n}`,
            signedAt: now,
            ipAddress: '127.0.0.1',
            userAgent: 'bench',
          })),
        )
        .execute()
    })
    for (const u of users) {
      cookies.push(sessionCookie(u.token, opts.secret))
      childIds.push(u.childId)
    }
  }
  return { leagueId, academyId, campId, dropInId, cookies, childIds }
}

/** The cookie better-auth sets at sign-in: the token, a dot, and its HMAC-SHA256 in base64. */
function sessionCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64')
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}
