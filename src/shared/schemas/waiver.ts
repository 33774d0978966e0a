import type { FormSpec } from '../validation/rules.ts'

/** The waiver: signing it, and publishing a new version (admins). */

export const WaiverSignForm = {
  signedName: { label: 'Full name', rules: 'required|line|max:120' },
  agree: { label: 'Agreement', rules: 'required|in:yes', messages: { required: 'Please tick the box to agree to the waiver.', in: 'Please tick the box to agree to the waiver.' } },
} as const satisfies FormSpec

export const WaiverPublishForm = {
  body: { label: 'Waiver text', rules: 'required|min:20|max:20000' },
} as const satisfies FormSpec
