import type { AttendanceSheet } from '../../../shared/contracts/attendance.ts'
import { cellKey, marksByCell, sessionLabel, sessionsAttended, shortDate } from './attendance-text.ts'

/** A cell of the sheet: a mark the eye reads at once, and its word for a screen reader. */
function Mark({ present }: { present: boolean | undefined }) {
  const [sign, word] = present === true ? ['✓', 'present'] : present === false ? ['✗', 'absent'] : ['', 'not marked']
  return (
    <>
      <span aria-hidden="true">{sign}</span>
      <span className="visually-hidden">{word}</span>
    </>
  )
}

/** The coach's clipboard: one row per participant, one column per session, the sessions each attended; printed alone. */
export function AttendanceSheetTable({ sheet }: { sheet: AttendanceSheet }) {
  const cells = marksByCell(sheet.marks)
  const { academy } = sheet
  const details = [academy.schedule, academy.coach, academy.location].filter(Boolean).join(' · ')
  return (
    <div className="attendance-sheet">
      <div className="staff-panel-head no-print">
        <h3>Sheet</h3>
        <button type="button" className="button secondary" onClick={() => window.print()}>
          Print the sheet
        </button>
      </div>
      {/* Focusable, so a keyboard can scroll the sessions across a phone's width. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`${academy.name}: attendance sheet`}>
        <table className="staff-table attendance-table">
          <caption>
            {academy.name}: attendance
            {details && <span className="staff-muted">{details}</span>}
          </caption>
          <thead>
            <tr>
              <th scope="col">Participant</th>
              <th scope="col">Age</th>
              {sheet.sessions.map((date) => (
                <th scope="col" key={date}>
                  <abbr title={sessionLabel(date, sheet.today)}>{shortDate(date)}</abbr>
                </th>
              ))}
              <th scope="col">Attended</th>
            </tr>
          </thead>
          <tbody>
            {sheet.participants.map((p) => (
              <tr key={p.registrationId}>
                <th scope="row">{p.name}</th>
                <td>{p.age ?? 'Adult'}</td>
                {sheet.sessions.map((date) => (
                  <td key={date} className="attendance-cell">
                    <Mark present={cells.get(cellKey(p.registrationId, date))} />
                  </td>
                ))}
                <td className="attendance-total">{sessionsAttended(cells, p.registrationId, sheet.sessions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
