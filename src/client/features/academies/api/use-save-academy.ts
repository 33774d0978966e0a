import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminAcademy, createAcademy, updateAcademy } from '../../../../shared/contracts/academies.ts'
import type { AcademyFormValues } from '../../../../shared/schemas/academy.ts'
import { call } from '../../../lib/endpoint.ts'
import { academiesChanged } from '../../../queries/admin-academies.ts'
import type { SavedProgram } from '../../offerings/program.ts'

/** The academy form sent: `academy` changed, or a new academy without one; the lists read it again. */
export function useSaveAcademy(academy: AdminAcademy | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (values: AcademyFormValues): Promise<SavedProgram<AdminAcademy>> => {
      const { academy: program, offered } = await (academy
        ? call<typeof updateAcademy>('POST', '/api/admin/academies/:academyId', { params: { academyId: academy.id }, body: values })
        : call<typeof createAcademy>('POST', '/api/admin/academies', { body: values }))
      return { program, offered }
    },
    onSuccess: () => academiesChanged(client),
  })
}
