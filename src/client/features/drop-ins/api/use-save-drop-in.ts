import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminDropIn, createDropIn, updateDropIn } from '../../../../shared/contracts/drop-ins.ts'
import type { DropInFormValues } from '../../../../shared/schemas/drop-in.ts'
import { call } from '../../../lib/endpoint.ts'
import { dropInsChanged } from '../../../queries/admin-drop-ins.ts'
import type { SavedProgram } from '../../offerings/program.ts'

/** The drop-in form sent: `dropIn` changed, or a new session without one; the lists read it again. */
export function useSaveDropIn(dropIn: AdminDropIn | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (values: DropInFormValues): Promise<SavedProgram<AdminDropIn>> => {
      const { dropIn: program, offered } = await (dropIn
        ? call<typeof updateDropIn>('POST', '/api/admin/drop-ins/:dropInId', { params: { dropInId: dropIn.id }, body: values })
        : call<typeof createDropIn>('POST', '/api/admin/drop-ins', { body: values }))
      return { program, offered }
    },
    onSuccess: () => dropInsChanged(client),
  })
}
