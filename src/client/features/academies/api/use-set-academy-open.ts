import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminAcademy, updateAcademy } from '../../../../shared/contracts/academies.ts'
import { call } from '../../../lib/endpoint.ts'
import { academiesChanged } from '../../../queries/admin-academies.ts'

/** Opens or closes an academy for registration, answering it as it is now; the lists read it again either way. */
export function useSetAcademyOpen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ program, isActive }: { program: AdminAcademy; isActive: boolean }) =>
      (await call<typeof updateAcademy>('POST', '/api/admin/academies/:academyId', { params: { academyId: program.id }, body: { isActive: String(isActive) } })).academy,
    onSettled: () => academiesChanged(client),
  })
}
