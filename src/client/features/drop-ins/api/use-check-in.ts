import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { checkInDropIn } from '../../../../shared/contracts/drop-ins.ts'
import { call } from '../../../lib/endpoint.ts'
import { adminDropInsQuery, dropInParticipantsQuery } from '../../../queries/admin-drop-ins.ts'

/**
 * Checks a person in at the door, or undoes it. The answer carries the person's mark and the
 * session's headcount, so the door's list takes both at once without reading the list again; the
 * staff's list of sessions reads its counts afresh.
 */
export function useCheckIn(dropInId: string) {
  const client = useQueryClient()
  const { queryKey } = dropInParticipantsQuery(dropInId)
  return useMutation({
    mutationFn: ({ registrationId, checkedIn }: { registrationId: string; checkedIn: boolean }) =>
      call<typeof checkInDropIn>('POST', '/api/admin/drop-in-registrations/:registrationId/check-in', { params: { registrationId }, body: { checkedIn } }),
    onSuccess: ({ registrationId, checkedIn, headcount }) => {
      client.setQueryData(
        queryKey,
        (list) =>
          list && {
            ...list,
            dropIn: { ...list.dropIn, ...headcount },
            participants: list.participants.map((p) => (p.registrationId === registrationId ? { ...p, checkedIn } : p)),
          },
      )
      void client.invalidateQueries({ queryKey: adminDropInsQuery().queryKey, exact: true })
    },
  })
}
