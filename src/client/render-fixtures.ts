import type { SessionUser } from '../shared/contracts/session.ts'
import type { SiteConfig } from './site-config.ts'

/** The site the server-render tests render pages for (render-page.tsx), taking payments at the desk. */
export const testSite: SiteConfig = {
  facilityName: 'Riverside Sports',
  websiteUrl: 'https://riverside.example',
  soccerTeamWaitlistUrl: 'https://riverside.example/waitlist',
  timeZone: 'America/Chicago',
  sendsEmail: false,
  paysOnline: false,
}

/** The signed-in customer those tests render a person's pages for. */
export const testCustomer: SessionUser = {
  uid: 'u-1',
  email: 'pat@example.com',
  displayName: 'Pat Parent',
  phone: '+15550100000',
  isLoggedIn: true,
  isAdmin: false,
  isEmployee: false,
  userRole: 'customer',
}
