import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from './errors.ts'

/**
 * Text with a NUL character is refused everywhere: PostgreSQL cannot store it (it answers with
 * an encoding error, which would surface as a 500) and no person types one. The walk is
 * iterative, so deeply nested bodies cannot overflow the stack.
 */
export function installInputHygiene(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per hook adds up.
  app.addHook('preHandler', (req, _reply, done) => {
    const nul = containsNul(req.params) || containsNul(req.query) || containsNul(req.body)
    done(nul ? badRequest('The request contains a NUL character, which is not allowed in any field.') : undefined)
  })
}

function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        stack.push(child)
      }
    }
  }
  return false
}

/** The request's Idempotency-Key, when sent: a retry with the same key answers what the first did. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const key = req.headers['idempotency-key']
  if (key === undefined) return null
  if (typeof key !== 'string' || key.length < 8 || key.length > 100 || !/^[\w.:-]+$/.test(key)) {
    throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits, dots, dashes, colons or underscores.')
  }
  return key
}
