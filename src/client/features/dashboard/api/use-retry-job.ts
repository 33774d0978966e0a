import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { retryJob } from '../../../../shared/contracts/dashboard.ts'
import { call } from '../../../lib/endpoint.ts'
import { dashboardQuery } from '../../../queries/dashboard.ts'

/** Sends a dead background job round again; the dashboard reads its state afresh either way. */
export function useRetryJob() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (jobId: string) => call<typeof retryJob>('POST', '/api/admin/jobs/:jobId/retry', { params: { jobId } }),
    onSettled: () => client.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
  })
}
