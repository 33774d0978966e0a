import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import { describeSchedule } from '../../../shared/academy-schedule.ts'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import { countOf, formatDate, formatDateRange } from '../../../shared/format.ts'
import type { StaffColumn } from '../../components/ui/staff-table.tsx'
import type { adminAcademiesQuery } from '../../queries/admin-academies.ts'
import { nameColumn, placesColumn, priceColumn, ProgramManager, sportColumn, waitlistAndActiveColumns, type ProgramWords } from '../offerings/program-manager.tsx'
import { agesText } from '../offerings/program-text.ts'
import { AcademyFormPanel } from './academy-form.tsx'
import { attendanceHref } from './attendance-text.ts'
import { useSetAcademyOpen } from './api/use-set-academy-open.ts'

const WORDS: ProgramWords = { slug: 'academy', one: 'academy', many: 'academies', waiting: ['person', 'people'] }

const scheduleOf = (a: AdminAcademy) => (a.startTime && a.endTime && a.weekdays.length > 0 ? describeSchedule({ weekdays: a.weekdays, startTime: a.startTime, endTime: a.endTime }) : 'No schedule yet')

/** The staff's academies (issue 23): every academy with its schedule and places, its participants and attendance, and create, edit, open and close for admins. */
export function AcademyManager({
  academiesQuery,
  canChange,
  onShowParticipants,
}: {
  academiesQuery: ReturnType<typeof adminAcademiesQuery>
  canChange: boolean
  onShowParticipants(academyId: string): void
}) {
  const { pathname } = useLocation()
  const { data, error } = useQuery(academiesQuery)
  const setOpen = useSetAcademyOpen()
  const columns: StaffColumn<AdminAcademy>[] = [
    nameColumn((academy) => (
      <>
        <br />
        <Link to={attendanceHref(academy.id, pathname)}>
          Attendance<span className="visually-hidden"> of {academy.name}</span>
        </Link>
      </>
    )),
    sportColumn('Sport and ages', (academy) => agesText(academy) ?? 'All ages'),
    {
      header: 'Sessions',
      priority: 'wide',
      cell: (academy) => (
        <>
          {scheduleOf(academy)}
          <br />
          <span className="staff-muted">
            {formatDateRange(academy.startDate, academy.endDate)}, {countOf(academy.sessionDates.length, 'session')}; registration from {formatDate(academy.registrationDate)}
          </span>
        </>
      ),
    },
    priceColumn(),
    placesColumn(),
    ...waitlistAndActiveColumns<AdminAcademy>(),
  ]
  return (
    <ProgramManager
      words={WORDS}
      programs={data?.academies}
      error={error}
      canChange={canChange}
      columns={columns}
      rowName={(academy) => academy.name}
      people={{ label: 'Participants', joined: 'of' }}
      onShowParticipants={onShowParticipants}
      setOpen={setOpen}
      Form={AcademyFormPanel}
      find={{
        label: 'Find an academy',
        matches: (a, needle) => a.name.toLowerCase().includes(needle) || (a.coach ?? '').toLowerCase().includes(needle),
        none: (typed) => `No academy’s name or coach has “${typed}” in it.`,
      }}
    />
  )
}
