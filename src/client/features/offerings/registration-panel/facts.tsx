import { formatDate, formatDateTime } from '../../../../shared/format.ts'
import { formatMoney } from '../../../../shared/money.ts'
import { OFFERING_KIND_WORDS } from '../../../../shared/offering-kinds.ts'
import { nothingDue, STATUS_LABELS } from '../../../../shared/schemas/registration.ts'
import type { RegistrationView } from '../../../../shared/contracts/registrations.ts'
import { badgeClass } from './history.ts'

/** Who registered, for what, where the place stands and what it costs: the head of the panel. */
export function RegistrationFacts({ registration: r }: { registration: RegistrationView }) {
  return (
    <dl className="staff-facts">
      <div>
        <dt>Registrant</dt>
        <dd>
          {r.registrantName}
          <br />
          <a href={`mailto:${r.registrantEmail}`}>{r.registrantEmail}</a>
        </dd>
      </div>
      <div>
        <dt>{OFFERING_KIND_WORDS[r.offering.kind].label}</dt>
        <dd>{r.offering.name}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <span className={badgeClass(r.status)}>{STATUS_LABELS[r.status]}</span>
          {r.waitlistPosition !== null && (
            <>
              <br />
              Number {r.waitlistPosition} of {r.waitlistSize}
            </>
          )}
          {r.status === 'offered' && r.offerExpiresAt && (
            <>
              <br />
              Claim by {formatDateTime(r.offerExpiresAt)}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Receipt number</dt>
        <dd>
          {r.receiptNumber}
        </dd>
      </div>
      <div>
        <dt>Registered</dt>
        <dd>{formatDate(r.createdAt)}</dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>{formatMoney(r.priceCents)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{formatMoney(r.paidCents)}</dd>
      </div>
      <div>
        <dt>Balance</dt>
        <dd>
          {nothingDue(r) ?? (
            <>
              {formatMoney(r.balanceCents)}
              {r.balanceCents <= 0 && (
                <>
                  {' '}
                  <span className={badgeClass('confirmed')}>Paid</span>
                </>
              )}
            </>
          )}
        </dd>
      </div>
    </dl>
  )
}
