import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminAcademy, updateAcademy } from '../../../../shared/contracts/academies.ts'
import { call } from '../../../lib/endpoint.ts'
import { academiesChanged } from '../../../queries/admin-academies.ts'

/** Opens or closes an academy for registration; the lists read it again either way. */
export function useSetAcademyOpen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ academy, isActive }: { academy: AdminAcademy; isActive: boolean }) =>
      call<typeof updateAcademy>('POST', '/api/admin/academies/:academyId', { params: { academyId: academy.id }, body: { isActive: String(isActive) } }),
    onSettled: () => academiesChanged(client),
  })
}
