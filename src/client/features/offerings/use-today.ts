import { useState } from 'react'
import { facilityToday } from '../../../shared/format.ts'
import { siteConfig } from '../../site-config.ts'

/** The facility's day, read once per visit: rendering must not depend on when it happens. */
export function useToday(): string {
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))
  return today
}
