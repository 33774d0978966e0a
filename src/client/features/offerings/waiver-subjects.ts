import { ACCOUNT_HOLDER } from '../../../shared/schemas/registration.ts'
import type { Child } from '../../../shared/contracts/children.ts'
import type { WaiverSignature } from '../../../shared/contracts/waiver.ts'

/** Whom a signature can be for: the person (ACCOUNT_HOLDER, as the server keys it) or one of their children. */
export interface Subject {
  key: string
  label: string
}

export function subjectsOf(children: readonly Child[]): Subject[] {
  return [{ key: ACCOUNT_HOLDER, label: 'Myself' }, ...children.map((c) => ({ key: c.id, label: `${c.firstName} ${c.lastName}` }))]
}

/** "Myself and Sam Rivera": whom the current version is signed for, in the order of `subjects`. */
export function signedForText(subjects: readonly Subject[], signatures: readonly WaiverSignature[]): string {
  const signed = new Set(signatures.map((s) => s.subjectKey))
  const names = subjects.filter((s) => signed.has(s.key)).map((s) => s.label)
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
