import type { AcademyWaiting } from '../../../shared/contracts/academies.ts'
import { formatDateTime } from '../../../shared/format.ts'

/** A program's waitlist (an academy's, a camp's) in the order places are offered; a place freed goes to position 1. */
export function WaitlistTable({ programName, waitlist }: { programName: string; waitlist: AcademyWaiting[] }) {
  return (
    <>
      <h3>Waitlist</h3>
      {waitlist.length === 0 ? (
        <p>Nobody is waiting.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`${programName}: waitlist`}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Position</th>
                <th scope="col">Participant</th>
                <th scope="col">Guardian</th>
                <th scope="col">Waiting since</th>
              </tr>
            </thead>
            <tbody>
              {waitlist.map((w) => (
                <tr key={w.registrationId}>
                  <td>{w.position}</td>
                  <th scope="row">{w.name}</th>
                  <td className="staff-wrap">
                    {w.guardianName}
                    <br />
                    <span className="staff-muted">{w.guardianPhone}</span>
                  </td>
                  <td>{formatDateTime(w.waitingSince)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
