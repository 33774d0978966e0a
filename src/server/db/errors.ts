/** Constraint failures both databases report, told apart by their codes (PostgreSQL's SQLSTATE, better-sqlite3's). */

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error)
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/** A row named another that is not there (any more): a child removed while being registered, say. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error)
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}
