import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Product, ProductChange } from '../../../shared/contracts/products.ts'
import { formatDate, formatDateTime } from '../../../shared/format.ts'
import { formatMoney } from '../../../shared/money.ts'
import { OFFERING_KIND_WORDS } from '../../../shared/offering-kinds.ts'
import { PURPOSE_LABELS } from '../../../shared/schemas/product.ts'
import { RecordHistory } from '../../components/record-history.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { RowAction } from '../../components/ui/row-action.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useEditPanel } from '../../lib/use-edit-panel.ts'
import type { productsQuery as productsOf } from '../../queries/products.ts'
import { useSetProductOffered } from './api/use-set-product-offered.ts'
import { ProductFormPanel } from './product-form.tsx'

const editButtonId = (id: string) => `edit-product-${id}`


const priceText = (cents: number) => (cents === 0 ? 'Free' : formatMoney(cents))

/** A payment plan in a few words: `Plan: $50.00 deposit, then 2 parts (1/15/2027, 2/15/2027)`. */
function planText(plan: NonNullable<Product['plan']>): string {
  const parts = plan.dueDates.length
  return `Plan: ${formatMoney(plan.depositCents)} deposit, then ${parts} part${parts === 1 ? '' : 's'} (${plan.dueDates.map(formatDate).join(', ')})`
}

/** Where an extra is offered: `With Winter Soccer player fee; sizes S, M, L`. */
function extraText(product: Product): string {
  const fees = product.goesWith.length === 0 ? 'Not offered with any fee yet' : `With ${product.goesWith.map((fee) => fee.name).join(', ')}`
  return product.sizes.length === 0 ? fees : `${fees}; sizes ${product.sizes.join(', ')}`
}

function changeText(change: ProductChange): string {
  const early = change.earlyBird ? `, early-bird ${priceText(change.earlyBird.priceCents)} until ${formatDate(change.earlyBird.until)}` : ''
  const family = change.familyDiscountPercent === null ? '' : `, ${change.familyDiscountPercent}% family discount`
  const plan = change.plan ? `, ${planText(change.plan).toLowerCase()}` : ''
  const late = change.lateSignUpPrice === 'sessions-left' ? ', late sign-ups pay for the sessions left' : ''
  return `${change.name}: ${priceText(change.listPriceCents)}${early}${family}${plan}${late}${change.isActive ? '' : ', off the list'}`
}

/** The price list (/admin/products, issue 24): every product, where it is used and its changes; admins add and change them. */
export function PriceList({ productsQuery }: { productsQuery: ReturnType<typeof productsOf> }) {
  const { data, error } = useQuery(productsQuery)
  const setOffered = useSetProductOffered()
  const { editing, newButton, open: openPanel, close } = useEditPanel<Product>(editButtonId)
  const [outcome, setOutcome] = useState('')

  const open = (product: Product | undefined) => {
    setOutcome('')
    setOffered.reset()
    openPanel(product)
  }
  const saved = (product: Product, created: boolean) => {
    setOutcome(created ? `Added ${product.name} to the price list.` : `Saved ${product.name}.`)
    close()
  }
  const toggle = (product: Product) => {
    setOutcome('')
    setOffered.mutate(
      { product, isActive: !product.isActive },
      { onSuccess: ({ product: after }) => setOutcome(after.isActive ? `${after.name} is back on the price list.` : `${after.name} is off the price list.`) },
    )
  }

  const products = data?.products
  return (
    <>
      <p>Every price the facility charges. A new price is for registrations from then on: what people already owe never changes.</p>
      <p role="status" className="staff-outcome">
        {outcome}
      </p>
      {setOffered.error && <Alert>{errorMessage(setOffered.error)}</Alert>}
      {editing ? (
        <>
          <ProductFormPanel key={editing.item?.id ?? 'new'} product={editing.item} products={products ?? []} onSaved={saved} onCancel={close} />
          {editing.item && (
            <>
              <h2>Changes by staff to {editing.item.name}</h2>
              <RecordHistory kind="product" id={editing.item.id} />
            </>
          )}
        </>
      ) : (
        <p>
          <button ref={newButton} type="button" className="button" onClick={() => open(undefined)}>
            New product
          </button>
        </p>
      )}
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!products && !error && <p className="loading">Loading the price list…</p>}
      {products && products.length === 0 && <p>The price list is empty. Add the first product with New product.</p>}
      {products && products.length > 0 && (
        <StaffTable
          label="Price list"
          regionLabel="Price list"
          rows={products}
          rowKey={(product) => product.id}
          columns={[
            {
              header: 'Product',
              rowHeader: true,
              cell: (product) => (
                <>
                  {product.name}
                  <br />
                  <span className="staff-muted">{PURPOSE_LABELS[product.purpose]}</span>
                </>
              ),
            },
            {
              header: 'Price',
              className: 'staff-money staff-wrap',
              cell: (product) => (
                <>
                  {priceText(product.listPriceCents)}
                  {product.earlyBird && (
                    <>
                      <br />
                      <span className="staff-muted">
                        Early-bird {priceText(product.earlyBird.priceCents)} until {formatDate(product.earlyBird.until)}
                      </span>
                    </>
                  )}
                  {product.plan && (
                    <>
                      <br />
                      <span className="staff-muted">{planText(product.plan)}</span>
                    </>
                  )}
                  {product.familyDiscountPercent !== null && (
                    <>
                      <br />
                      <span className="staff-muted">{product.familyDiscountPercent}% off a second child</span>
                    </>
                  )}
                  {product.lateSignUpPrice === 'sessions-left' && (
                    <>
                      <br />
                      <span className="staff-muted">Late sign-ups pay for the sessions left</span>
                    </>
                  )}
                </>
              ),
            },
            {
              header: 'Used by',
              cell: (product) =>
                product.purpose === 'extra'
                  ? extraText(product)
                  : product.usedBy.length === 0
                    ? 'Not used yet'
                    : product.usedBy.map((use) => (
                        <span key={`${use.kind} ${use.id}`} className="staff-line">
                          {OFFERING_KIND_WORDS[use.kind].priceListUse} {use.name}
                        </span>
                      )),
            },
            {
              header: 'Changes',
              cell: (product) => (
                <details>
                  <summary>
                    {product.history.length} {product.history.length === 1 ? 'change' : 'changes'}
                    <span className="visually-hidden"> to {product.name}</span>
                  </summary>
                  <ol className="staff-history">
                    {product.history.map((change, i) => (
                      <li key={i}>
                        {formatDateTime(change.at)}, {change.byName ?? 'the site'}: {changeText(change)}
                      </li>
                    ))}
                  </ol>
                </details>
              ),
            },
            {
              header: 'On the list',
              cell: (product) => <span className={product.isActive ? 'staff-badge staff-badge-ok' : 'staff-badge'}>{product.isActive ? 'On the list' : 'Off'}</span>,
            },
          ]}
          actions={(product) => (
            <div className="staff-actions staff-actions-stacked">
              <RowAction id={editButtonId(product.id)} row={` ${product.name}`} onAct={() => open(product)}>
                Edit
              </RowAction>
              <RowAction row={` ${product.name}`} disabled={setOffered.isPending} onAct={() => toggle(product)}>
                {product.isActive ? 'Take off the list' : 'Put back on the list'}
              </RowAction>
            </div>
          )}
        />
      )}
    </>
  )
}
