import { Link } from 'react-router'
import type { Receipt } from '../../../shared/contracts/registrations.ts'
import type { SessionUser } from '../../../shared/contracts/session.ts'
import { href } from '../../../shared/paths.ts'
import { PayOnlineLinks } from '../../components/pay-online-links.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { ApiError } from '../../lib/api.ts'
import { useSession } from '../../lib/session.tsx'
import { ReceiptView, type ReceiptContent } from './receipt-view.tsx'

interface ReceiptScreenProps {
  /** The page's title, as in the route table: "Receipt", "Academy Receipt". */
  title: string | undefined
  /** The receipt once read, as its kind tells it. */
  receipt: ReceiptContent | undefined
  error: Error | null
}

/** A receipt's page, for every kind: to print, with what is left to pay; 404 alike when missing or not theirs. */
export function ReceiptScreen({ title, receipt, error }: ReceiptScreenProps) {
  const { user } = useSession()
  const owner = receipt?.places[0]
  const staff = owner !== undefined && staffForCustomer(user, owner)
  if (error instanceof ApiError && error.status === 404) {
    // Staff open any customer's receipt, from the desk: they go back there, not to an account of their own.
    const atDesk = user !== null && (user.isAdmin || user.isEmployee)
    return (
      <section className="page narrow">
        <h1>{title}</h1>
        <h2>Receipt not found</h2>
        {atDesk ? (
          <>
            <p>This receipt does not exist. A customer’s receipts are listed on their record at the front desk.</p>
            <p>
              <Link to={href('desk')}>Back to the front desk</Link>
            </p>
          </>
        ) : (
          <>
            <p>This receipt does not exist, or it is not yours. Your own receipts are listed with your registrations.</p>
            <p>
              <Link to={href('account')}>Go to your account</Link>
            </p>
          </>
        )}
      </section>
    )
  }
  return (
    <section className="page receipt-page">
      <h1>{title}</h1>
      {!receipt && !error && <p className="loading">Loading the receipt…</p>}
      {error && <Alert>{error instanceof ApiError ? error.message : 'The receipt could not be loaded. Please reload the page.'}</Alert>}
      {receipt && (
        <>
          <ReceiptView receipt={receipt} />
          <div className="receipt-actions no-print">
            <PayOnlineLinks
              places={receipt.places.map((place) => ({ ...place, who: place.child?.name ?? place.registrantName }))}
              payerName={staff ? owner.registrantName : undefined}
            />
            <button type="button" className="button" onClick={() => window.print()}>
              Print receipt
            </button>
            <BackLink owner={receipt.places[0]!} staff={staff} />
          </div>
        </>
      )}
    </section>
  )
}

/** Whether the reader is staff opening a customer's receipt. */
function staffForCustomer(user: SessionUser | null, owner: Pick<Receipt, 'userId'>): boolean {
  return user !== null && user.uid !== owner.userId && (user.isAdmin || user.isEmployee)
}

/** Back where the reader came from: their own account, or for staff opening a customer's receipt that customer's record at the desk. */
function BackLink({ owner, staff }: { owner: Pick<Receipt, 'userId' | 'registrantName'>; staff: boolean }) {
  return staff ? (
    <Link className="button secondary" to={href('deskCustomer', { userId: owner.userId })}>
      Back to {owner.registrantName}’s record
    </Link>
  ) : (
    <Link className="button secondary" to={href('account')}>
      Back to your account
    </Link>
  )
}
