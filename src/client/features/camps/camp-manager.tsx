import { useQuery } from '@tanstack/react-query'
import type { AdminCamp } from '../../../shared/contracts/camps.ts'
import { formatDate } from '../../../shared/format.ts'
import type { StaffColumn } from '../../components/ui/staff-table.tsx'
import type { adminCampsQuery } from '../../queries/admin-camps.ts'
import { nameColumn, placesColumn, priceColumn, ProgramManager, sportColumn, waitlistAndActiveColumns, type ProgramWords } from '../offerings/program-manager.tsx'
import { useSetCampOpen } from './api/use-set-camp-open.ts'
import { CampFormPanel } from './camp-form.tsx'
import { campAgesText, campDaysText, campHoursText } from './camp-text.ts'

const WORDS: ProgramWords = { slug: 'camp', one: 'camp', many: 'camps', waiting: ['child', 'children'] }

/** The staff's camps (issue 31 §2): every camp with its days and places, its children, and create, edit, open and close for admins. */
export function CampManager({ camps, canChange, onShowParticipants }: { camps: ReturnType<typeof adminCampsQuery>; canChange: boolean; onShowParticipants(campId: string): void }) {
  const { data, error } = useQuery(camps)
  const setOpen = useSetCampOpen()
  const columns: StaffColumn<AdminCamp>[] = [
    nameColumn(),
    sportColumn<AdminCamp>('Sport and ages', campAgesText),
    {
      header: 'Days',
      priority: 'wide',
      cell: (camp) => (
        <>
          {campDaysText(camp)}
          <br />
          <span className="staff-muted">
            {campHoursText(camp)}; registration from {formatDate(camp.registrationDate)}
          </span>
        </>
      ),
    },
    priceColumn(),
    placesColumn(),
    ...waitlistAndActiveColumns<AdminCamp>(),
  ]
  return (
    <ProgramManager
      words={WORDS}
      programs={data?.camps}
      error={error}
      canChange={canChange}
      columns={columns}
      rowName={(camp) => camp.name}
      people={{ label: 'Children', joined: 'of' }}
      onShowParticipants={onShowParticipants}
      setOpen={setOpen}
      Form={CampFormPanel}
    />
  )
}
