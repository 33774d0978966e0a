import { useState } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '../../../shared/money.ts'
import { href } from '../../../shared/paths.ts'
import { receiptPath } from '../../../shared/receipt-path.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { ACTIVE_STATUSES, nothingDue, STATUS_LABELS, type OfferingKind } from '../../../shared/schemas/registration.ts'
import type { CustomerRecord } from '../../../shared/contracts/desk.ts'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { RegistrationDetailPanel } from '../offerings/registration-panel/registration-panel.tsx'
import { DeskOrder, type OrderTask } from './desk-order.tsx'

/** The customer's registrations and team places, each with its payments and details a click away. */
export function CustomerRegistrations({ customer }: { customer: CustomerRecord }) {
  const [open, setOpen] = useState<string | null>(null)
  const [order, setOrder] = useState<{ orderId: string; task: OrderTask } | null>(null)
  return (
    <section className="account-panel account-panel-wide" aria-labelledby="desk-registrations">
      <h3 id="desk-registrations">Registrations and team places</h3>
      {customer.registrations.length === 0 ? (
        <p>No registrations yet.</p>
      ) : (
        <StaffTable
          label="Registrations and team places"
          rows={customer.registrations}
          rowKey={(r) => r.id}
          columns={[
            {
              // Leagues, academies, camps and drop-ins alike: each row says which it is, in the kind's word.
              header: 'Program',
              rowHeader: true,
              cell: (r) => (
                <>
                  {r.offering.name}
                  {'team' in r.offering.details && ` — ${r.offering.details.team.name}`}
                  <span className="staff-muted">{kindNote(r.offering.kind)}</span>
                </>
              ),
            },
            { header: 'Who', cell: (r) => r.child?.name ?? customer.displayName },
            { header: 'Status', className: 'staff-words', cell: (r) => STATUS_LABELS[r.status] },
            { header: 'Balance', className: 'staff-money', cell: (r) => nothingDue(r) ?? formatMoney(r.balanceCents) },
          ]}
          actions={(r) => (
            <div className="staff-actions">
              {ACTIVE_STATUSES.includes(r.status) && (
                <RowAction className="link-button" row={`: ${r.offering.name}`} onAct={() => setOpen(r.id)}>
                  Payments and details
                </RowAction>
              )}
              {/* A code only where the place owes something, an extra only where the order's places take one (a drop-in has none). */}
              {ACTIVE_STATUSES.includes(r.status) && r.orderId && r.balanceCents > 0 && (
                <RowAction className="link-button" row={`: ${r.offering.name}`} onAct={() => setOrder({ orderId: r.orderId!, task: 'code' })}>
                  Apply a code
                </RowAction>
              )}
              {ACTIVE_STATUSES.includes(r.status) && r.orderId && customer.ordersTakingExtras.includes(r.orderId) && (
                <RowAction className="link-button" row={`: ${r.offering.name}`} onAct={() => setOrder({ orderId: r.orderId!, task: 'extra' })}>
                  Add an extra
                </RowAction>
              )}
              {'team' in r.offering.details && <Link to={href('leagueTeam', { leagueId: r.offering.details.league.id, teamId: r.offering.details.team.id })}>Team page</Link>}
              <Link to={receiptPath(r)} aria-label={`Receipt: ${r.offering.name}${r.child ? ` — ${r.child.name}` : ''}`}>
                Receipt
              </Link>
            </div>
          )}
        />
      )}
      {order && <DeskOrder key={order.orderId} userId={customer.id} orderId={order.orderId} task={order.task} onClose={() => setOrder(null)} />}
      {open && <RegistrationDetailPanel key={open} registrationId={open} onClose={() => setOpen(null)} />}
    </section>
  )
}

/** "League", "Camp"; a captain holds the team's entry and a place on its roster: two rows, told apart by what each place is. */
function kindNote(kind: OfferingKind): string {
  const { label, place } = OFFERING_KIND_WORDS[kind]
  return ` (${place ? `${label}: ${place.toLowerCase()}` : label})`
}
