import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/connect.ts'
import { boolParam, timestampParam } from '../../db/values.ts'
import type { Academy } from '../../../shared/contracts/academies.ts'

export async function listActiveAcademies(db: Db): Promise<Academy[]> {
  return db.kysely
    .selectFrom('academies')
    .select(['id', 'name', 'description', 'registrationDate', 'startDate', 'endDate'])
    .where('isActive', '=', boolParam(db.dialect, true))
    .orderBy('startDate')
    .orderBy('name')
    .execute()
}

export interface NewAcademy {
  name: string
  description?: string | null
  isActive: boolean
  registrationDate: string
  startDate: string
  endDate: string
}

export async function insertAcademy(db: Db, academy: NewAcademy): Promise<string> {
  const id = randomUUID()
  const now = timestampParam(db.dialect, new Date())
  await db.kysely
    .insertInto('academies')
    .values({
      id,
      name: academy.name,
      description: academy.description ?? null,
      isActive: boolParam(db.dialect, academy.isActive),
      registrationDate: academy.registrationDate,
      startDate: academy.startDate,
      endDate: academy.endDate,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  return id
}
