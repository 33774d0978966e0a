import type { Receipt } from '../../../shared/contracts/registrations.ts'
import { formatDate } from '../../../shared/format.ts'
import { siteConfig } from '../../site-config.ts'

/** A receipt's top: the facility, its number (or numbers, one a place), and the day it was made. */
export function ReceiptHead({ numbers, date }: { numbers: readonly string[]; date: string }) {
  return (
    <header className="receipt-head">
      <p className="receipt-facility">{siteConfig.facilityName}</p>
      <dl className="receipt-meta">
        <div>
          <dt>Receipt {numbers.length === 1 ? 'number' : 'numbers'}</dt>
          <dd>{numbers.join(', ')}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDate(date)}</dd>
        </div>
      </dl>
    </header>
  )
}

/** Who registered: the first fact of a receipt. */
export function Registrant({ receipt }: { receipt: Pick<Receipt, 'registrantName' | 'registrantEmail'> }) {
  return (
    <div>
      <dt>Registrant</dt>
      <dd>
        {receipt.registrantName}
        <br />
        {receipt.registrantEmail}
      </dd>
    </div>
  )
}
