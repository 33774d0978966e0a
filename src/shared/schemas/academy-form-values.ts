import type { AdminAcademy } from '../contracts/academies.ts'
import { dollarsText } from '../money.ts'
import type { AcademyFormValues } from './academy.ts'

/** A saved academy as the form shows it: what the edit form starts from, and what an update leaves alone. */
export function academyFormValues(academy: AdminAcademy): AcademyFormValues {
  const text = (value: number | null) => (value === null ? '' : String(value))
  return {
    name: academy.name,
    sport: academy.sport ?? '',
    description: academy.description ?? '',
    coach: academy.coach ?? '',
    location: academy.location ?? '',
    isActive: String(academy.isActive),
    forChildren: String(academy.forChildren),
    minAge: text(academy.minAge),
    maxAge: text(academy.maxAge),
    weekdays: academy.weekdays.join(','),
    startTime: academy.startTime ?? '',
    endTime: academy.endTime ?? '',
    registrationDate: academy.registrationDate,
    startDate: academy.startDate,
    endDate: academy.endDate,
    registrationDeadline: academy.registrationDeadline ?? '',
    skippedDates: academy.skippedDates.join(','),
    price: dollarsText(academy.priceCents),
    priceProduct: '',
    capacity: text(academy.capacity),
    minimum: text(academy.minimum),
    payAtSignUp: String(academy.payAtSignUp),
    waiverRequired: String(academy.waiverRequired),
  }
}
