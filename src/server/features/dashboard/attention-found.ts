import type { AttentionItem } from '../../../shared/contracts/dashboard-sections.ts'

/**
 * An item of the Needs attention list before it is listed: its line and link are written only
 * for the items listed (a season has thousands). Each reader of attention.queries.ts answers these.
 */
export type Found = Omit<AttentionItem, 'what' | 'link'> & { what(): string; link(): string }
