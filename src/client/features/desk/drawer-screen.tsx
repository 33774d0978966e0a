import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { DeskDrawer, DrawerLine, DrawerTakings } from '../../../shared/contracts/drawer.ts'
import { countOf, formatDate, formatDateTime } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/schemas/payments.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { drawerQuery } from '../../queries/desk.ts'

const METHODS: [PaymentMethod, string][] = [
  ['cash', 'Cash'],
  ['check', 'Check'],
  ['card', 'Card at the desk'],
  ['online', 'Online'],
]

/**
 * The drawer (issue 32): a day's payments by method and by who took them, refunds and totals, for
 * the desk to check the cash drawer and the card terminal's batch against at the end of the day;
 * printed alone, or downloaded as CSV. The day is in the address (?day=), today when left out.
 */
export function DrawerScreen({ today }: { today: ReturnType<typeof drawerQuery> }) {
  const [search, setSearch] = useSearchParams()
  const picked = search.get('day') ?? ''
  const { data, error } = useQuery(picked ? { ...drawerQuery(picked), placeholderData: keepPreviousData } : today)
  const day = picked || (data?.day ?? '')
  // What is typed stays in the field until Show: a date field passes through other days while typed.
  const [typed, setTyped] = useState<string | null>(null)
  return (
    <section className="page drawer-page">
      <h1>The Drawer</h1>
      {data && <p className="drawer-day">Payments and refunds recorded on {formatDate(data.day)}{data.day === data.today && ' (today)'}.</p>}
      <div className="drawer-controls no-print">
        <form
          className="drawer-pick"
          onSubmit={(e) => {
            e.preventDefault()
            if (typed && /^\d{4}-\d{2}-\d{2}$/.test(typed)) setSearch({ day: typed })
          }}
        >
          <div className="field">
            <label htmlFor="drawer-day">Day</label>
            <input id="drawer-day" type="date" value={typed ?? day} max={data?.today} onChange={(e) => setTyped(e.target.value)} />
          </div>
          <button type="submit" className="button">
            Show
          </button>
        </form>
        <button type="button" className="button secondary" onClick={() => window.print()}>
          Print
        </button>
        {day && (
          <a className="button secondary" href={`/api/desk/drawer.csv?day=${day}`} download>
            Download CSV
          </a>
        )}
      </div>
      {error ? <Alert>{errorMessage(error)}</Alert> : data ? <Drawer drawer={data} /> : <p className="loading">Loading the drawer…</p>}
    </section>
  )
}

function Drawer({ drawer }: { drawer: DeskDrawer }) {
  if (drawer.lines.length === 0) return <p>No payment or refund was recorded on {formatDate(drawer.day)}.</p>
  const payments = drawer.lines.filter((l) => l.kind === 'payment').length
  return (
    <>
      <p>
        {countOf(payments, 'payment')} and {countOf(drawer.lines.length - payments, 'refund')}: {formatMoney(drawer.totals.collectedCents)} taken, {formatMoney(drawer.totals.refundedCents)} given back.
      </p>
      <h2>By method</h2>
      <TakingsTable label="Money taken and given back by method" rows={[{ name: 'All', takings: drawer.totals }]} byMethod />
      <h2>By who took it</h2>
      <TakingsTable label="Money taken and given back by who took it" rows={drawer.byTaker.map((t) => ({ name: t.name, takings: t }))} />
      <h2>Payments and refunds</h2>
      <Lines lines={drawer.lines} />
    </>
  )
}

/** Money in by method, what went back, and what is left: by method (one column per method), or one row per person. */
function TakingsTable({ label, rows, byMethod = false }: { label: string; rows: { name: string; takings: DrawerTakings }[]; byMethod?: boolean }) {
  if (byMethod) {
    const { takings } = rows[0]!
    return (
      <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
        <table className="staff-table drawer-table">
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Taken</th>
              <th scope="col">Refunded</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {METHODS.map(([method, name]) => (
              <tr key={method}>
                <th scope="row">{name}</th>
                <td className="staff-money">{formatMoney(takings.byMethod[method])}</td>
                <td className="staff-money">{formatMoney(-takings.refundedByMethod[method])}</td>
                <td className="staff-money">{formatMoney(takings.byMethod[method] - takings.refundedByMethod[method])}</td>
              </tr>
            ))}
            <tr className="money-total">
              <th scope="row">Total</th>
              <td className="staff-money">{formatMoney(takings.collectedCents)}</td>
              <td className="staff-money">{formatMoney(-takings.refundedCents)}</td>
              <td className="staff-money">{formatMoney(takings.netCents)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    )
  }
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="staff-table drawer-table">
        <thead>
          <tr>
            <th scope="col">Taken by</th>
            {METHODS.map(([method, name]) => (
              <th scope="col" key={method}>
                {name}
              </th>
            ))}
            <th scope="col">Refunded</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ name, takings }) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {METHODS.map(([method]) => (
                <td className="staff-money" key={method}>
                  {formatMoney(takings.byMethod[method])}
                </td>
              ))}
              <td className="staff-money">{formatMoney(-takings.refundedCents)}</td>
              <td className="staff-money">{formatMoney(takings.netCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Lines({ lines }: { lines: DrawerLine[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Every payment and refund of the day">
      <table className="staff-table drawer-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Payer</th>
            <th scope="col">Method</th>
            <th scope="col">Amount</th>
            <th scope="col">Taken by</th>
            <th scope="col">Reference</th>
            <th scope="col">For</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={`${l.kind} ${l.id}`}>
              <td>{formatDateTime(l.at)}</td>
              <th scope="row">{l.payer}</th>
              <td>{l.kind === 'payment' ? PAYMENT_METHOD_LABELS[l.method] : `Refund of ${PAYMENT_METHOD_LABELS[l.method].toLowerCase()}`}</td>
              <td className="staff-money">{formatMoney(l.kind === 'payment' ? l.amountCents : -l.amountCents)}</td>
              <td>{l.takenBy}</td>
              <td>{l.reference ?? ''}</td>
              <td>{l.for}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
