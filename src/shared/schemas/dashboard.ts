import type { Role } from '../roles.ts'

export interface DashboardSummary {
  usersByRole: Record<Role, number>
  activeLeagues: number
}
