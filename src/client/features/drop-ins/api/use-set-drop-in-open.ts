import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminDropIn, updateDropIn } from '../../../../shared/contracts/drop-ins.ts'
import { call } from '../../../lib/endpoint.ts'
import { dropInsChanged } from '../../../queries/admin-drop-ins.ts'

/** Opens or closes a drop-in for registration, answering it as it is now; the lists read it again either way. */
export function useSetDropInOpen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ program, isActive }: { program: AdminDropIn; isActive: boolean }) =>
      (await call<typeof updateDropIn>('POST', '/api/admin/drop-ins/:dropInId', { params: { dropInId: program.id }, body: { isActive: String(isActive) } })).dropIn,
    onSettled: () => dropInsChanged(client),
  })
}
