/**
 * The tie-breaks of a league's standings, in the order a league may choose
 * (server/features/schedule/standings.ts). Apart from the schemas, which bring zod: the staff's
 * form reads them in the browser.
 */
export const TIE_BREAKS = ['head-to-head', 'difference', 'points-for'] as const
export type TieBreakChoice = (typeof TIE_BREAKS)[number]

export const TIE_BREAK_LABELS: Record<TieBreakChoice, string> = {
  'head-to-head': 'Head to head',
  difference: 'Points difference',
  'points-for': 'Points for',
}
