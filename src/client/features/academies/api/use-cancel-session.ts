import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { cancelSession } from '../../../../shared/contracts/attendance.ts'
import { call } from '../../../lib/endpoint.ts'
import { academiesChanged } from '../../../queries/admin-academies.ts'
import { attendanceQuery } from './use-attendance.ts'

/** Admins cancel one session; the sheet and the academies' lists read their sessions again. */
export function useCancelSession(academyId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (date: string) => call<typeof cancelSession>('POST', '/api/admin/academies/:academyId/sessions/:date/cancel', { params: { academyId, date } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: attendanceQuery(academyId).queryKey })
      academiesChanged(client)
    },
  })
}
