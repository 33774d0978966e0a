import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { DiscountCode } from '../../../shared/contracts/discount-codes.ts'
import { formatDate, formatDateRange } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable, type StaffColumn } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useEditPanel } from '../../lib/use-edit-panel.ts'
import type { discountCodesQuery } from '../../queries/discount-codes.ts'
import type { productsQuery as productsOf } from '../../queries/products.ts'
import { useSetDiscountCodeActive } from './api/use-set-discount-code-active.ts'
import { DiscountCodeFormPanel } from './discount-code-form.tsx'

const editButtonId = (id: string) => `edit-discount-code-${id}`

/** What a code takes off: `10%` or `$5.00`. */
function takesOff(code: Pick<DiscountCode, 'percentOff' | 'amountOffCents'>): string {
  return code.percentOff !== null ? `${code.percentOff}%` : formatMoney(code.amountOffCents ?? 0)
}

/** The days a code can be used, in en-US dates. */
function validText({ validFrom, validUntil }: Pick<DiscountCode, 'validFrom' | 'validUntil'>): string {
  if (validFrom && validUntil) return formatDateRange(validFrom, validUntil)
  if (validFrom) return `From ${formatDate(validFrom)}`
  if (validUntil) return `Through ${formatDate(validUntil)}`
  return 'Any day'
}

/** Uses so far, of how many: `3 of 10`, or `3` without a limit. */
function usesText({ uses, maxUses }: Pick<DiscountCode, 'uses' | 'maxUses'>): string {
  return maxUses === null ? String(uses) : `${uses} of ${maxUses}`
}

const COLUMNS: StaffColumn<DiscountCode>[] = [
  {
    header: 'Code',
    rowHeader: true,
    cell: (code) => (
      <>
        {code.code}
        {code.description && (
          <>
            <br />
            <span className="staff-muted">{code.description}</span>
          </>
        )}
        {code.createdByName && (
          <>
            <br />
            <span className="staff-muted">Made by {code.createdByName}</span>
          </>
        )}
      </>
    ),
  },
  { header: 'Takes off', className: 'staff-money', cell: takesOff },
  {
    header: 'For',
    cell: (code) =>
      code.products.length === 0
        ? 'Everything'
        : code.products.map((product) => (
            <span key={product.id} className="staff-line">
              {product.name}
            </span>
          )),
  },
  { header: 'Valid', cell: validText },
  { header: 'Uses', priority: 'wide', cell: usesText },
  { header: 'Per person', priority: 'wide', cell: (code) => code.maxUsesPerPerson ?? 'No limit' },
  { header: 'Can be used', cell: (code) => <span className={code.isActive ? 'staff-badge staff-badge-ok' : 'staff-badge'}>{code.isActive ? 'Yes' : 'Off'}</span> },
]

/** Discount codes (/admin/products, issue 24): every code, what it takes off, for what, when and how often; admins add, change and take them off. */
export function DiscountCodes({ codesQuery, productsQuery }: { codesQuery: ReturnType<typeof discountCodesQuery>; productsQuery: ReturnType<typeof productsOf> }) {
  const { data, error } = useQuery(codesQuery)
  const { data: priceList } = useQuery(productsQuery)
  const setActive = useSetDiscountCodeActive()
  const { editing, newButton, open: openPanel, close } = useEditPanel<DiscountCode>(editButtonId)
  const [outcome, setOutcome] = useState('')

  const open = (code: DiscountCode | undefined) => {
    setOutcome('')
    setActive.reset()
    openPanel(code)
  }
  const saved = (code: DiscountCode, created: boolean) => {
    setOutcome(created ? `Added the discount code ${code.code}.` : `Saved ${code.code}.`)
    close()
  }
  const toggle = (code: DiscountCode) => {
    setOutcome('')
    setActive.mutate(
      { discountCode: code, isActive: !code.isActive },
      { onSuccess: ({ discountCode: after }) => setOutcome(after.isActive ? `${after.code} can be used again.` : `${after.code} is taken off: checkout refuses it.`) },
    )
  }

  const codes = data?.discountCodes
  return (
    <section aria-labelledby="discount-codes">
      <h2 id="discount-codes" tabIndex={-1}>
        Discount codes
      </h2>
      <p>Codes people enter at checkout: a percent or an amount off the products they are for.</p>
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      {setActive.error && <Alert>{errorMessage(setActive.error)}</Alert>}
      {editing ? (
        <DiscountCodeFormPanel key={editing.item?.id ?? 'new'} discountCode={editing.item} products={priceList?.products ?? []} onSaved={saved} onCancel={close} />
      ) : (
        <p>
          <button ref={newButton} type="button" className="button" onClick={() => open(undefined)}>
            New discount code
          </button>
        </p>
      )}
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!codes && !error && <p className="loading">Loading the discount codes…</p>}
      {codes && codes.length === 0 && <p>No discount codes yet. Add the first with New discount code.</p>}
      {codes && codes.length > 0 && (
        <StaffTable
          label="Discount codes"
          regionLabel="Discount codes"
          columns={COLUMNS}
          rows={codes}
          rowKey={(code) => code.id}
          moreLabel={(code) => `More about ${code.code}`}
          actions={(code) => (
            <div className="staff-actions staff-actions-stacked">
              <RowAction id={editButtonId(code.id)} row={` ${code.code}`} onAct={() => open(code)}>
                Edit
              </RowAction>
              <RowAction row={` ${code.code}`} disabled={setActive.isPending} onAct={() => toggle(code)}>
                {code.isActive ? 'Take off' : 'Put back'}
              </RowAction>
            </div>
          )}
        />
      )}
    </section>
  )
}
