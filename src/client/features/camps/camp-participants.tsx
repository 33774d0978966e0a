import { useQuery } from '@tanstack/react-query'
import type { campParticipantsCsv, CampParticipant, CampParticipants } from '../../../shared/contracts/camps.ts'
import { countOf, formatDateRange } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { urlOf } from '../../lib/endpoint.ts'
import { campParticipantsQuery, type adminCampsQuery } from '../../queries/admin-camps.ts'
import { CancelPlace, participantColumns, placeCancelledText, useRefunds } from '../offerings/participant-columns.tsx'
import { PeopleNotYet, PeopleOutcome, ProgramPeople, ProgramPeoplePanel, usePeopleNews } from '../offerings/program-people.tsx'
import { useCancelCampPlace } from './api/use-cancel-camp-place.ts'

/**
 * Staff pick a camp and see its children (issue 31 §2): the door's list of who comes, what the
 * coach must know of each, what they owe, the waitlist; cancel a place, export the list as CSV.
 * The camp chosen is in the address (`?camp=`), so the view can be bookmarked.
 */
export function CampParticipantsPanel({ campId, campsQuery, onChoose }: { campId: string; campsQuery: ReturnType<typeof adminCampsQuery>; onChoose(campId: string): void }) {
  const camps = useQuery(campsQuery)
  return (
    <ProgramPeoplePanel
      title="Children"
      programId={campId}
      onChoose={onChoose}
      chooser={{ id: 'participants-camp', label: 'Camp', prompt: 'Choose a camp' }}
      programs={camps.data?.camps.map((c) => ({ id: c.id, text: c.name, isActive: c.isActive })) ?? []}
    >
      <Participants key={campId} campId={campId} />
    </ProgramPeoplePanel>
  )
}

function Participants({ campId }: { campId: string }) {
  const { data, error } = useQuery(campParticipantsQuery(campId))
  const { outcome, heading, done } = usePeopleNews()
  if (error || !data) return <PeopleNotYet error={error} missing="There is no such camp." loading="Loading the children…" />
  const { camp, participants, waitlist } = data
  return (
    <ProgramPeople
      name={camp.name}
      heading={heading}
      summary={`${formatDateRange(camp.startDate, camp.endDate)} · ${camp.placesTaken} of ${camp.capacity ?? 'unlimited'} places taken · ${countOf(waitlist.length, 'child', 'children')} waiting`}
      status={<PeopleOutcome outcome={outcome} />}
      csv={urlOf<typeof campParticipantsCsv>('/api/admin/camps/:campId/participants.csv', { params: { campId } })}
      print
      table={participants.length === 0 ? null : <ChildrenTable camp={camp} participants={participants} onDone={done} />}
      waitlist={waitlist}
    />
  )
}

/** A camp's children, one row each, with the staff's cancel at the end of the row. */
function ChildrenTable({ camp, participants, onDone }: { camp: CampParticipants['camp']; participants: CampParticipant[]; onDone(news: string): void }) {
  const cancel = useCancelCampPlace()
  const refunds = useRefunds()
  return (
    <>
      {cancel.error && <Alert>{errorMessage(cancel.error)}</Alert>}
      <StaffTable
        label={`Children at ${camp.name}`}
        regionLabel={`${camp.name}: children`}
        rows={participants}
        rowKey={(p) => p.registrationId}
        moreLabel={(p) => `More about ${p.name}`}
        columns={participantColumns<CampParticipant>()}
        actions={(p) => (
          <div className="staff-actions staff-actions-stacked">
            <CancelPlace
              participant={p}
              programName={camp.name}
              refunds={refunds}
              disabled={cancel.isPending}
              onCancel={() => cancel.mutate({ registrationId: p.registrationId, refund: refunds }, { onSuccess: () => onDone(placeCancelledText(p, camp.name, refunds)) })}
            />
          </div>
        )}
      />
    </>
  )
}
