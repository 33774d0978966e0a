/**
 * What a sign-up page reads of a program (an academy, a camp): whom it takes and from what day
 * their age counts, whether the waiver is asked for, and the places left.
 */
export interface ProgramForSignUp {
  name: string
  startDate: string
  forChildren: boolean
  minAge: number | null
  maxAge: number | null
  waiverRequired: boolean
  /** Null: no limit. */
  placesLeft: number | null
}

/** One participant sent: a child, or the account holder (null), with their photo choice. */
export interface ProgramParticipant {
  childId: string | null
  photoConsent: boolean
}

/** A program saved from its staff form, and how many on its waitlist a raised capacity offered a place. */
export interface SavedProgram<P> {
  program: P
  offered: number
}

/** What a kind's staff form panel is given by the staff's list: the program to edit (undefined: a new one), and what to do once saved or cancelled. */
export interface ProgramFormProps<P> {
  program: P | undefined
  onSaved(result: SavedProgram<P>, created: boolean): void
  onCancel(): void
}
