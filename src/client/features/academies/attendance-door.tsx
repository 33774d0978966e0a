import { useState } from 'react'
import type { AttendanceParticipant, AttendanceSheet } from '../../../shared/contracts/attendance.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { useConfirm } from '../../components/ui/confirm-dialog.tsx'
import { errorMessage } from '../../lib/api.ts'
import { siteConfig } from '../../site-config.ts'
import { useCancelSession } from './api/use-cancel-session.ts'
import { useMarkAttendance } from './api/use-mark-attendance.ts'
import { cellKey, defaultSession, marksByCell, sessionLabel, sessionSummary } from './attendance-text.ts'

/**
 * Attendance at the door, on a tablet or a phone: a session (today's, or the next), everyone with
 * a place, and a Present and an Absent button each, saved on every tap. Admins cancel a session here.
 */
export function AttendanceDoor({ sheet, canCancel }: { sheet: AttendanceSheet; canCancel: boolean }) {
  const [chosen, setChosen] = useState<string>()
  const [problem, setProblem] = useState('')
  const [outcome, setOutcome] = useState('')
  const mark = useMarkAttendance(sheet.academy.id)
  const cancel = useCancelSession(sheet.academy.id)
  const confirm = useConfirm()
  const date = chosen !== undefined && sheet.sessions.includes(chosen) ? chosen : defaultSession(sheet.sessions, sheet.today)
  if (date === undefined) return <p>{sheet.academy.name} has no sessions.</p>
  const cells = marksByCell(sheet.marks)
  const day = formatDate(date)

  const tap = (participant: AttendanceParticipant, present: boolean) => {
    setProblem('')
    mark.mutate(
      { registrationId: participant.registrationId, sessionDate: date, present },
      { onError: (error) => setProblem(`${participant.name} could not be marked ${present ? 'present' : 'absent'} on ${day}: ${errorMessage(error) ?? 'the save failed.'} The mark shown is the one saved before.`) },
    )
  }
  const cancelSession = () => {
    setOutcome('')
    cancel.mutate(date, {
      onSuccess: ({ emailed }) =>
        setOutcome(
          siteConfig.sendsEmail
            ? `The session on ${day} is cancelled; ${countOf(emailed, 'family', 'families')} ${emailed === 1 ? 'was' : 'were'} emailed.`
            : `The session on ${day} is cancelled. This site sends no email: the ${emailed === 1 ? 'email' : 'emails'} to ${countOf(emailed, 'family', 'families')} ${emailed === 1 ? 'is' : 'are'} kept on the Emails page.`,
        ),
    })
  }

  return (
    <div className="attendance-door no-print">
      <h3>At the door</h3>
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      {cancel.error && <Alert>{errorMessage(cancel.error)}</Alert>}
      <div className="attendance-session">
        <label htmlFor="attendance-session">Session</label>
        <select id="attendance-session" value={date} onChange={(event) => setChosen(event.target.value)}>
          {sheet.sessions.map((session) => (
            <option key={session} value={session}>
              {sessionLabel(session, sheet.today)}
            </option>
          ))}
        </select>
      </div>
      <p className="staff-muted">
        {sessionSummary(
          cells,
          sheet.participants.map((p) => p.registrationId),
          date,
        )}
      </p>
      {problem && <Alert>{problem}</Alert>}
      {sheet.participants.length === 0 ? (
        <p>No one has a confirmed place yet.</p>
      ) : (
        <ul className="attendance-list" aria-label={`Participants on ${sessionLabel(date, sheet.today)}`}>
          {sheet.participants.map((participant) => {
            const present = cells.get(cellKey(participant.registrationId, date))
            const who = (
              <span className="visually-hidden">
                {' '}
                for {participant.name}, {day}
              </span>
            )
            return (
              <li key={participant.registrationId}>
                <span className="attendance-name">
                  {participant.name}
                  {participant.age !== null && <span className="staff-muted"> ({participant.age})</span>}
                </span>
                <span className="attendance-toggles">
                  <button type="button" className="attendance-toggle attendance-present" aria-pressed={present === true} onClick={() => tap(participant, true)}>
                    Present{who}
                  </button>
                  <button type="button" className="attendance-toggle attendance-absent" aria-pressed={present === false} onClick={() => tap(participant, false)}>
                    Absent{who}
                  </button>
                </span>
              </li>
            )
          })}
        </ul>
      )}
      {canCancel && date >= sheet.today && (
        <p>
          <button
            type="button"
            className="button staff-danger"
            disabled={cancel.isPending}
            onClick={() =>
              confirm.ask({
                question: `Cancel ${sheet.academy.name} on ${day}? ${siteConfig.sendsEmail ? 'Every family with a place will be emailed.' : 'This site sends no email: the email to every family with a place is kept on the Emails page.'}`,
                confirmLabel: 'Cancel the session',
                cancelLabel: 'Keep the session',
                danger: true,
                onConfirm: cancelSession,
              })
            }
          >
            Cancel the session on {day}
          </button>
          {confirm.dialog}
        </p>
      )}
    </div>
  )
}
