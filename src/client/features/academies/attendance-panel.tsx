import { Link, useLocation } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useAttendance } from './api/use-attendance.ts'
import { AttendanceDoor } from './attendance-door.tsx'
import { AttendanceSheetTable } from './attendance-sheet.tsx'

/** An academy's attendance on the staff page (issue 23): marked at the door, and the sheet for the coach's clipboard. */
export function AttendancePanel({ academyId, canCancel }: { academyId: string; canCancel: boolean }) {
  const { pathname } = useLocation()
  const { data: sheet, error } = useAttendance(academyId)
  return (
    <section className="staff-panel attendance-panel" aria-labelledby="attendance-heading">
      <div className="staff-panel-head no-print">
        <h2 id="attendance-heading">Attendance{sheet && `: ${sheet.academy.name}`}</h2>
        <Link to={pathname}>All academies</Link>
      </div>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!sheet && !error && <p className="loading">Loading the attendance sheet…</p>}
      {sheet && (
        <>
          <AttendanceDoor sheet={sheet} canCancel={canCancel} />
          <AttendanceSheetTable sheet={sheet} />
        </>
      )}
    </section>
  )
}
