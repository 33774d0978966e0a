import type { RegistrationView } from '../../../../shared/contracts/registrations.ts'
import { ApiError } from '../../../lib/api.ts'

/** Whose place it is, as the panel's heading and its outcomes name it: a child with their guardian, or the registrant. */
export function participantOf(r: RegistrationView): string {
  return r.child ? `${r.child.name} (child of ${r.registrantName})` : r.registrantName
}

/** What a refused or failed change says above its form. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'
}
