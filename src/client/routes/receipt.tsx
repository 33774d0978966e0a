import { Link, useParams } from 'react-router'
import { ROUTES } from '../../shared/routes.ts'
import { PayOnlineLinks } from '../components/pay-online-links.tsx'
import { Alert } from '../components/ui/alert.tsx'
import { ReceiptView } from '../features/receipts/receipt-view.tsx'
import { useReceipt } from '../features/receipts/use-receipt.ts'
import { href } from '../../shared/paths.ts'

/**
 * Serves /receipt/... (one registration), /registrationReceipt/... (the newest for a league) and
 * /teamRegistrationReceipt/... (a captain's team entry or a player's roster place).
 */
export default function ReceiptPage() {
  const { userId = '', leagueId = '', registrationId, teamId } = useParams()
  const state = useReceipt({ userId, leagueId, ...(registrationId ? { registrationId } : {}), ...(teamId ? { teamId } : {}) })
  // The page is named as in the route table, like the browser tab (router.tsx), whatever the answer.
  const routeId = teamId !== undefined ? 'teamRegistrationReceipt' : registrationId === undefined ? 'registrationReceipt' : 'receipt'
  const title = ROUTES.find((r) => r.id === routeId)?.title

  if (state.status === 'not-found') {
    return (
      <section className="page narrow">
        <h1>{title}</h1>
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
      <h1>{title}</h1>
      {state.status === 'loading' && <p className="loading">Loading the receipt…</p>}
      {state.status === 'failed' && <Alert>{state.message}</Alert>}
      {state.status === 'found' && (
        <>
          <ReceiptView receipt={state.receipt} />
          <div className="receipt-actions no-print">
            <PayOnlineLinks places={[{ ...state.receipt, who: state.receipt.child?.name ?? state.receipt.registrantName }]} />
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
