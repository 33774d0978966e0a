export type OutboxStatus = 'pending' | 'sent' | 'logged' | 'failed'

/** An outbox row as an admin reads it (GET /api/admin/outbox). */
export interface OutboxEmail {
  id: string
  to: string
  subject: string
  text: string
  status: OutboxStatus
  attempts: number
  lastError: string | null
  createdAt: string
  sentAt: string | null
}

export interface OutboxPage {
  emails: OutboxEmail[]
  total: number
  page: number
  pageSize: number
}
