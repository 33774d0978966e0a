/**
 * A key for one action the server must do once, reused for every retry of that action, so a
 * timed-out request sent again settles to what the server already did.
 */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); a facility serving plain
  // http on a local network address still needs a random key.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
