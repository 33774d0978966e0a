import { useQuery } from '@tanstack/react-query'
import type { AdminDropIn } from '../../../shared/contracts/drop-ins.ts'
import { formatDate } from '../../../shared/format.ts'
import type { StaffColumn } from '../../components/ui/staff-table.tsx'
import type { adminDropInsQuery } from '../../queries/admin-drop-ins.ts'
import { priceColumn, ProgramManager, sportColumn, waitlistAndActiveColumns, type ProgramWords } from '../offerings/program-manager.tsx'
import { useSetDropInOpen } from './api/use-set-drop-in-open.ts'
import { DropInFormPanel } from './drop-in-form.tsx'
import { dropInAgesText, dropInHoursText, headcountText } from './drop-in-text.ts'

const WORDS: ProgramWords = { slug: 'drop-in', one: 'drop-in session', many: 'drop-in sessions', waiting: ['person', 'people'] }

/** The staff's drop-in sessions (issue 31 §2): every session with its day and headcount, its people, and create, edit, open and close for admins. */
export function DropInManager({ dropIns, canChange, onShowParticipants }: { dropIns: ReturnType<typeof adminDropInsQuery>; canChange: boolean; onShowParticipants(dropInId: string): void }) {
  const { data, error } = useQuery(dropIns)
  const setOpen = useSetDropInOpen()
  const columns: StaffColumn<AdminDropIn>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (d) => (
        <>
          {d.name}
          <br />
          <span className="staff-muted">{d.academyName ? `Session of ${d.academyName}` : 'Open play'}</span>
        </>
      ),
    },
    {
      header: 'Day',
      cell: (d) => (
        <>
          {formatDate(d.date)}
          <br />
          <span className="staff-muted staff-nowrap">{dropInHoursText(d)}</span>
        </>
      ),
    },
    sportColumn<AdminDropIn>('Sport and who', dropInAgesText),
    priceColumn(),
    {
      header: 'Headcount',
      cell: (d) => (
        <>
          {d.placesTaken} / {d.capacity} places
          <br />
          <span className="staff-muted">{headcountText(d)}</span>
        </>
      ),
    },
    ...waitlistAndActiveColumns<AdminDropIn>('wide'),
  ]
  return (
    <ProgramManager
      words={WORDS}
      programs={data?.dropIns}
      error={error}
      canChange={canChange}
      columns={columns}
      rowName={(d) => `${d.name} on ${formatDate(d.date)}`}
      people={{ label: 'People', joined: 'at' }}
      onShowParticipants={onShowParticipants}
      setOpen={setOpen}
      Form={DropInFormPanel}
    />
  )
}
