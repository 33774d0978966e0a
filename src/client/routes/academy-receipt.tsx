import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { href } from '../../shared/paths.ts'
import { PayOnlineLinks } from '../components/pay-online-links.tsx'
import { Alert } from '../components/ui/alert.tsx'
import { AcademyReceiptView } from '../features/receipts/academy-receipt-view.tsx'
import { ApiError } from '../lib/api.ts'
import { academyReceiptQuery } from '../queries/receipt.ts'

/** /academyReceipt/user/:userId/academy/:academyId: a person's places in an academy, to print. */
export default function AcademyReceiptPage() {
  const { userId = '', academyId = '' } = useParams()
  const { data, error } = useQuery(academyReceiptQuery({ userId, academyId }))

  if (error instanceof ApiError && error.status === 404) {
    return (
      <section className="page narrow">
        <h1>Academy Receipt</h1>
        <h2>Receipt not found</h2>
        <p>This receipt does not exist, or it is not yours. Your own receipts are listed with your registrations.</p>
        <p>
          <Link to={href('account')}>Go to your account</Link>
        </p>
      </section>
    )
  }
  return (
    <section className="page receipt-page">
      <h1>Academy Receipt</h1>
      {!data && !error && <p className="loading">Loading the receipt…</p>}
      {error && <Alert>{error instanceof ApiError ? error.message : 'The receipt could not be loaded. Please reload the page.'}</Alert>}
      {data && (
        <>
          <AcademyReceiptView receipt={data.receipt} />
          <div className="receipt-actions no-print">
            <PayOnlineLinks places={data.receipt.places.map((place) => ({ ...place, who: place.child?.name ?? place.registrantName }))} />
            <button type="button" className="button" onClick={() => window.print()}>
              Print receipt
            </button>
            <Link className="button secondary" to={href('account')}>
              Back to your account
            </Link>
          </div>
        </>
      )}
    </section>
  )
}
