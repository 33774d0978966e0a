import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminCamp, createCamp, updateCamp } from '../../../../shared/contracts/camps.ts'
import type { CampFormValues } from '../../../../shared/schemas/camp.ts'
import { call } from '../../../lib/endpoint.ts'
import { campsChanged } from '../../../queries/admin-camps.ts'
import type { SavedProgram } from '../../offerings/program.ts'

/** The camp form sent: `camp` changed, or a new camp without one; the lists read it again. */
export function useSaveCamp(camp: AdminCamp | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (values: CampFormValues): Promise<SavedProgram<AdminCamp>> => {
      const { camp: program, offered } = await (camp
        ? call<typeof updateCamp>('POST', '/api/admin/camps/:campId', { params: { campId: camp.id }, body: values })
        : call<typeof createCamp>('POST', '/api/admin/camps', { body: values }))
      return { program, offered }
    },
    onSuccess: () => campsChanged(client),
  })
}
