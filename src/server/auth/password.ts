import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id with OWASP's first recommended parameter set (19 MiB, 2 passes, 1 lane).
 * `algorithm: 2` is Argon2id; the package exports it as a const enum, which
 * isolated-module builds cannot read.
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID)
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}
