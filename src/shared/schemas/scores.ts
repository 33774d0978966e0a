import { z } from 'zod'
import { MAX_SCORE } from '../scores.ts'

/**
 * A game's result as a scorer enters it (issue 33): a score, a forfeit, or no result (a mistake
 * cleared). `version` is the result's version the scorer saw: a change made since refuses theirs.
 */

const scoreMessage = (side: string) => `The ${side} team’s score is a whole number from 0 to ${MAX_SCORE}.`
const score = (side: string) => z.int({ error: scoreMessage(side) }).min(0, { error: scoreMessage(side) }).max(MAX_SCORE, { error: scoreMessage(side) })
const version = z.int({ error: 'Send the version of the result you saw (the game’s scoreVersion).' }).min(0, { error: 'Send the version of the result you saw (the game’s scoreVersion).' })

export const ScoreInput = z.discriminatedUnion(
  'outcome',
  [
    z.object({ outcome: z.literal('score'), version, homeScore: score('home'), awayScore: score('away') }),
    z.object({ outcome: z.literal('forfeit'), version, forfeitedBy: z.string({ error: 'Choose the team that forfeited.' }).min(1, { error: 'Choose the team that forfeited.' }) }),
    z.object({ outcome: z.literal('clear'), version }),
  ],
  { error: 'Send the result as { outcome: "score", homeScore, awayScore }, { outcome: "forfeit", forfeitedBy } or { outcome: "clear" }, with the version you saw.' },
)
export type ScoreInput = z.infer<typeof ScoreInput>
