import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminCamp, updateCamp } from '../../../../shared/contracts/camps.ts'
import { call } from '../../../lib/endpoint.ts'
import { campsChanged } from '../../../queries/admin-camps.ts'

/** Opens or closes a camp for registration, answering it as it is now; the lists read it again either way. */
export function useSetCampOpen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ program, isActive }: { program: AdminCamp; isActive: boolean }) =>
      (await call<typeof updateCamp>('POST', '/api/admin/camps/:campId', { params: { campId: program.id }, body: { isActive: String(isActive) } })).camp,
    onSettled: () => campsChanged(client),
  })
}
