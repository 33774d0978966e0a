/**
 * The words and limits of staff messages (issue 32, docs/decisions/0031), read by the server's
 * contract and the browser's form alike.
 */

/** Messages one staff member may send in a facility day. */
export const MESSAGES_PER_DAY = 20

export const MESSAGE_AUDIENCES = ['league', 'team', 'academy', 'camp'] as const
export type MessageAudienceKind = (typeof MESSAGE_AUDIENCES)[number]

/** Who of the audience: the accounts holding its places (a child's through its guardian), only guardians of children, or only teams' captains. */
export const MESSAGE_WHOM = ['participants', 'guardians', 'captains'] as const
export type MessageWhom = (typeof MESSAGE_WHOM)[number]

export const MESSAGE_WHOM_LABELS: Record<MessageWhom, string> = {
  participants: 'Players and participants',
  guardians: 'Guardians of children',
  captains: 'Captains only',
}

export const SUBJECT_MAX = 200
export const TEXT_MAX = 10_000
