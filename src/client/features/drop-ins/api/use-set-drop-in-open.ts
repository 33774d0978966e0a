import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminDropIn, updateDropIn } from '../../../../shared/contracts/drop-ins.ts'
import { call } from '../../../lib/endpoint.ts'
import { dropInsChanged } from '../../../queries/admin-drop-ins.ts'

/** Opens or closes a drop-in for registration; the lists read it again either way. */
export function useSetDropInOpen() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ dropIn, isActive }: { dropIn: AdminDropIn; isActive: boolean }) =>
      call<typeof updateDropIn>('POST', '/api/admin/drop-ins/:dropInId', { params: { dropInId: dropIn.id }, body: { isActive: String(isActive) } }),
    onSettled: () => dropInsChanged(client),
  })
}
