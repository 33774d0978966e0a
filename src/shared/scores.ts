/**
 * Scores as scorers enter them and pages show them (issue 33), without zod: the browser's score
 * screen reads these, and the server's schema (schemas/scores.ts) checks against the same bound.
 */

/** The highest score a game can have: far above any real one, low enough to catch a slip of the thumb. */
export const MAX_SCORE = 999

interface Result {
  home: { id: string; name: string }
  away: { id: string; name: string }
  homeScore: number | null
  awayScore: number | null
  forfeitedBy: string | null
}

/** A game's result in words: `Owls 5 – 3 Hawks`, `Hawks forfeited (Owls 20 – 0 Hawks)`, `no result`. */
export function resultText(g: Result): string {
  if (g.forfeitedBy === null && (g.homeScore === null || g.awayScore === null)) return 'no result'
  const score = `${g.home.name} ${g.homeScore} – ${g.awayScore} ${g.away.name}`
  if (g.forfeitedBy === null) return score
  return `${g.forfeitedBy === g.home.id ? g.home.name : g.away.name} forfeited (${score})`
}
