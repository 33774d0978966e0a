/**
 * Why an operation said no, in words the person reads. Domain code (the registration engine,
 * teams, imports, users) throws these and knows nothing of HTTP: a route answers each reason with
 * its status (http/errors.ts), a job or a payment webhook reads the reason itself.
 */
export type RefusalReason = 'invalid' | 'not-signed-in' | 'forbidden' | 'not-found' | 'conflict' | 'too-many'

export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** Per field, what is wrong with it; also a machine-readable flag (`waiver: 'WAIVER_REQUIRED'`). */
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

/** What was sent cannot be used as it is. */
export const invalid = (message: string, fields?: Record<string, string>) => new Refusal('invalid', message, fields)
/** What was asked for does not exist, or is not this person's to see. */
export const notFound = (message = 'Not found.') => new Refusal('not-found', message)
/** The request is fine, but the state of things refuses it (full, closed, already done). */
export const conflict = (message: string, fields?: Record<string, string>) => new Refusal('conflict', message, fields)
/** Too many of these for now. */
export const tooMany = (message: string) => new Refusal('too-many', message)
