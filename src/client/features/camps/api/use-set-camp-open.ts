import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminCamp, updateCamp } from '../../../../shared/contracts/camps.ts'
import { call } from '../../../lib/endpoint.ts'
import { campsChanged } from '../../../queries/admin-camps.ts'

/** Opens or closes a camp for registration; the lists read it again either way. */
export function useSetCampOpen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ camp, isActive }: { camp: AdminCamp; isActive: boolean }) =>
      call<typeof updateCamp>('POST', '/api/admin/camps/:campId', { params: { campId: camp.id }, body: { isActive: String(isActive) } }),
    onSettled: () => campsChanged(client),
  })
}
