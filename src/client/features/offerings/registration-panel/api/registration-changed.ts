import type { QueryClient } from '@tanstack/react-query'
import { CHECKOUT } from '../../../../queries/checkout.ts'
import { OPEN_LEAGUES } from '../../../../queries/open-leagues.ts'

/**
 * Staff changed a registration's money or ended it: the registration and every staff list it is
 * on — the desk's customer record and its balance, Pending Registrations, an academy's
 * participants — its receipts, the places left (a place given up), and the order the money went
 * to, as the desk's order panel shows it, are read again.
 */
export function registrationChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ['admin'] })
  void client.invalidateQueries({ queryKey: ['receipt'] })
  void client.invalidateQueries({ queryKey: OPEN_LEAGUES })
  void client.invalidateQueries({ queryKey: CHECKOUT })
}
