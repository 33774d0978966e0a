import type { FormSpec } from '../validation/rules.ts'

/** The Add a child form; a child as shown is in src/shared/contracts/children.ts. */

export const ChildForm = {
  firstName: { label: 'First name', rules: 'required|line|max:60' },
  lastName: { label: 'Last name', rules: 'required|line|max:60' },
  // A child on an account is born in the last 30 years (no program of the facility's takes one older as a child).
  dateOfBirth: { label: 'Date of birth', rules: 'required|date|date_before:today|date_after:today-30y' },
  emergencyContactName: { label: 'Emergency contact name', rules: 'required|line|max:120' },
  emergencyContactPhone: { label: 'Emergency contact phone', rules: 'required|phone' },
  notes: { label: 'Notes (allergies, medical)', rules: 'max:1000' },
} as const satisfies FormSpec
export type ChildFields = keyof typeof ChildForm
