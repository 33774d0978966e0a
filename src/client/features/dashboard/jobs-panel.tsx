import { formatDateTime } from '../../../shared/format.ts'
import type { DashboardSummary } from '../../../shared/contracts/dashboard.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useRetryJob } from './api/use-retry-job.ts'

/**
 * Work the server does after a change is saved (a refund sent to the payment provider, say):
 * what failed, why, and whether it will be tried again by itself or waits for an admin.
 */
export function JobsPanel({ jobs }: { jobs: DashboardSummary['jobs'] }) {
  const retry = useRetryJob()
  return (
    <section aria-labelledby="jobs-heading">
      <h2 id="jobs-heading">Background work</h2>
      {retry.error && <Alert>{errorMessage(retry.error)}</Alert>}
      {jobs.failing.length === 0 ? (
        <p>{jobs.waiting === 0 ? 'Nothing has failed, and nothing is waiting to run.' : `Nothing has failed. ${jobs.waiting === 1 ? '1 job is' : `${jobs.waiting} jobs are`} waiting to run.`}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Background work that failed">
          <table className="staff-table">
            <caption className="visually-hidden">Background work that failed</caption>
            <thead>
              <tr>
                <th scope="col">Work</th>
                <th scope="col">Last failure</th>
                <th scope="col">Attempts</th>
                <th scope="col">Why</th>
                <th scope="col">Next</th>
              </tr>
            </thead>
            <tbody>
              {jobs.failing.map((job) => (
                <tr key={job.id}>
                  <td>{job.kind}</td>
                  <td>{formatDateTime(job.failedAt)}</td>
                  <td>{job.attempts}</td>
                  <td>{job.lastError}</td>
                  <td>
                    {job.status === 'dead' ? (
                      <RowAction row={` ${job.kind}`} disabled={retry.isPending} onAct={() => retry.mutate(job.id)}>
                        Retry
                      </RowAction>
                    ) : (
                      `Next try at ${formatDateTime(job.nextRunAt ?? job.failedAt)}`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
