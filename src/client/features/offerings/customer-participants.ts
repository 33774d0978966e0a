import { ACCOUNT_HOLDER } from '../../../shared/schemas/registration.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'

/** Whom a signature or a registration is for: the account holder, or one of their children. */
export type Participant = { key: string; childId: string | null; name: string }

export function participantsOf(customer: CustomerRecord): Participant[] {
  return [
    { key: ACCOUNT_HOLDER, childId: null, name: `${customer.displayName} (themself)` },
    ...customer.children.map((c) => ({ key: c.id, childId: c.id, name: `${c.firstName} ${c.lastName}` })),
  ]
}
