import { useQuery } from '@tanstack/react-query'
import type { academyParticipantsCsv, AdminAcademy } from '../../../shared/contracts/academies.ts'
import { countOf, formatDate } from '../../../shared/format.ts'
import { urlOf } from '../../lib/endpoint.ts'
import { academyParticipantsQuery } from '../../queries/academy-participants.ts'
import { adminAcademiesQuery } from '../../queries/admin-academies.ts'
import { PeopleNotYet, PeopleOutcome, ProgramPeople, ProgramPeoplePanel, usePeopleNews } from '../offerings/program-people.tsx'
import { ParticipantsTable } from './participants-table.tsx'

/**
 * Staff pick an academy and see its participants (issue 23): what the coach must know of each,
 * what they owe, the waitlist; move one to another academy, cancel one with a refund, export the
 * list as CSV. The academy chosen is in the address (`?academy=`), so the view can be bookmarked.
 */
export function AcademyParticipantsPanel({ academyId, academiesQuery, onChoose }: { academyId: string; academiesQuery: ReturnType<typeof adminAcademiesQuery>; onChoose(academyId: string): void }) {
  const academies = useQuery(academiesQuery)
  return (
    <ProgramPeoplePanel
      title="Participants"
      programId={academyId}
      onChoose={onChoose}
      chooser={{ id: 'participants-academy', label: 'Academy', prompt: 'Choose an academy' }}
      programs={academies.data?.academies.map((a) => ({ id: a.id, text: a.name, isActive: a.isActive })) ?? []}
    >
      <Participants key={academyId} academyId={academyId} academies={academies.data?.academies ?? []} />
    </ProgramPeoplePanel>
  )
}

function Participants({ academyId, academies }: { academyId: string; academies: AdminAcademy[] }) {
  const { data, error } = useQuery(academyParticipantsQuery(academyId))
  const { outcome, heading, done } = usePeopleNews()
  if (error || !data) return <PeopleNotYet error={error} missing="There is no such academy." loading="Loading the participants…" />
  const { academy, participants, waitlist } = data
  return (
    <ProgramPeople
      name={academy.name}
      heading={heading}
      summary={`First session ${formatDate(academy.startDate)} · ${academy.placesTaken} of ${academy.capacity ?? 'unlimited'} places taken · ${countOf(waitlist.length, 'person', 'people')} waiting`}
      status={<PeopleOutcome outcome={outcome} />}
      csv={urlOf<typeof academyParticipantsCsv>('/api/admin/academies/:academyId/participants.csv', { params: { academyId } })}
      print={false}
      table={
        participants.length === 0 ? null : (
          <ParticipantsTable academy={academy} participants={participants} others={academies.filter((a) => a.id !== academy.id && a.isActive)} onDone={done} />
        )
      }
      waitlist={waitlist}
    />
  )
}
