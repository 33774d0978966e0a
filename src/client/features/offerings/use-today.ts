import { useState } from 'react'
import { facilityDayNow } from '../../lib/facility-day.ts'

/** The facility's day, read once per visit: rendering must not depend on when it happens. */
export function useToday(): string {
  const [today] = useState(facilityDayNow)
  return today
}
