import { showMomentsIn } from '../shared/format.ts'
import { PAGE_DATA } from '../shared/page-data.ts'

/** The facility's settings, sent inside the page by the server (server/pages.ts). */
export interface SiteConfig {
  facilityName: string
  websiteUrl: string
  soccerTeamWaitlistUrl: string
  timeZone: string
  /** Whether the site sends email (SMTP_URL): without it, pages never say "sent" or "emailed". */
  sendsEmail: boolean
  /** Whether people pay online (Stripe): without it, pages say payment is taken at the front desk. */
  paysOnline: boolean
}

const fallback: SiteConfig = {
  facilityName: 'Indoor Sports Center',
  websiteUrl: 'https://www.example.com',
  soccerTeamWaitlistUrl: 'https://www.example.com/soccer-team-waitlist',
  timeZone: 'America/New_York',
  sendsEmail: false,
  paysOnline: false,
}

function read(): SiteConfig {
  const text = document.getElementById(PAGE_DATA.site)?.textContent
  if (!text) return fallback
  try {
    return { ...fallback, ...(JSON.parse(text) as Partial<SiteConfig>) }
  } catch {
    return fallback
  }
}

/** Read from the page in the browser; filled in by the server's render of each page (render-page.tsx). */
export const siteConfig: SiteConfig = typeof document === 'undefined' ? { ...fallback } : read()
showMomentsIn(siteConfig.timeZone)
