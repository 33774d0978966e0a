import { useEffect, useRef, useState } from 'react'
import type { Product } from '../../../shared/contracts/products.ts'
import { FAMILY_PURPOSES, LATE_SIGN_UP_LABELS, PLAN_DAYS, PRODUCT_PURPOSES, ProductForm, productFormProblems, PURPOSE_LABELS, type ProductFormValues, type ProductPurpose } from '../../../shared/schemas/product.ts'
import { productFormValues } from '../../../shared/schemas/product-form-values.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, NumberField } from '../../components/ui/form-fields.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ProductChoice, useProductChoice } from './product-choice.tsx'
import { useSaveProduct } from './api/use-save-product.ts'
import { saveStaffForm } from '../../lib/save-staff-form.ts'
import { useForm } from '../../lib/use-form.ts'
import { LATE_SIGN_UP_PRICES } from '../../../shared/prices.ts'

const NEW_PRODUCT: ProductFormValues = { name: '', purpose: 'player-fee', listPrice: '', earlyBirdPrice: '', earlyBirdUntil: '', familyDiscount: '', planDeposit: '', planDue1: '', planDue2: '', planDue3: '', sizes: '', lateSignUps: 'full', isActive: 'true' }

interface ProductFormPanelProps {
  /** The product to edit; undefined for a new one. */
  product: Product | undefined
  /** The price list, for the fees an extra goes with. */
  products: readonly Product[]
  onSaved(product: Product, created: boolean): void
  onCancel(): void
}

/** Adds or changes a product of the price list, with the staff forms' conventions. Keyed by product by its parent. */
export function ProductFormPanel({ product, products, onSaved, onCancel }: ProductFormPanelProps) {
  const [initial] = useState(() => (product ? productFormValues(product) : NEW_PRODUCT))
  const heading = useRef<HTMLHeadingElement>(null)
  const form = useForm(ProductForm, initial, { checks: productFormProblems })
  const save = useSaveProduct(product)
  const fees = useProductChoice(product?.goesWith)
  const extra = form.values.purpose === 'extra'
  // A field shows where it applies, or while it holds a value (to be cleared, with its refusal).
  const showPlan = !extra || form.values.planDeposit !== '' || PLAN_DAYS.some((day) => form.values[day] !== '')
  const showLate = form.values.purpose === 'academy-fee' || form.values.lateSignUps === 'sessions-left'
  const showFamily = FAMILY_PURPOSES.includes(form.values.purpose as ProductPurpose) || form.values.familyDiscount !== ''
  const feesError = (form.errors as Partial<Record<string, string>>).goesWith

  useEffect(() => {
    heading.current?.focus()
  }, [])

  const submit = form.handleSubmit((values) =>
    saveStaffForm(
      form,
      {},
      async () => {
        const saved = await save.mutateAsync({ ...values, goesWith: extra ? [...fees.chosen] : [] })
        onSaved(saved.product, !product)
      },
      'Saving the product failed. Please try again.',
    ),
  )

  return (
    <section className="staff-panel" aria-labelledby="product-form-heading">
      <h2 id="product-form-heading" ref={heading} tabIndex={-1}>
        {product ? `Edit ${product.name}` : 'New product'}
      </h2>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <div className="staff-form-grid">
          <TextField label={ProductForm.name.label} field={form.field('name')} error={form.errors.name} hint="As receipts show it, such as Spring Soccer player fee." />
          <SelectField label={ProductForm.purpose.label} field={form.field('purpose')} error={form.errors.purpose}>
            {PRODUCT_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {PURPOSE_LABELS[purpose]}
              </option>
            ))}
          </SelectField>
          <NumberField label="Price (dollars)" decimal field={form.field('listPrice')} error={form.errors.listPrice} hint="Such as 60 or 59.50; 0 for free." />
        </div>
        <fieldset>
          <legend>Early-bird price</legend>
          <p className="staff-note">Optional: people who register on or before its last day pay it instead.</p>
          <div className="staff-form-grid">
            <NumberField label="Early-bird price (dollars)" decimal field={form.field('earlyBirdPrice')} error={form.errors.earlyBirdPrice} />
            <TextField label={ProductForm.earlyBirdUntil.label} type="date" field={form.field('earlyBirdUntil')} error={form.errors.earlyBirdUntil} hint="The last day, where the facility is." />
          </div>
        </fieldset>
        {(extra || form.values.sizes !== '') && (
          <>
            <TextField label={ProductForm.sizes.label} field={form.field('sizes')} error={form.errors.sizes} hint="Optional, separated by commas, such as YS, YM, S, M, L: the family chooses one at checkout." />
            <ProductChoice
              id="product-goes-with"
              legend="Offered with"
              label="Fees"
              hint="Families whose order holds a place priced by one of these fees can add it at checkout."
              empty="The price list has no fees yet."
              products={products.filter((p) => p.purpose !== 'extra')}
              chosen={fees.chosen}
              choose={fees.choose}
              disabled={!form.ready}
              error={feesError}
            />
          </>
        )}
        {showPlan && (
          <fieldset>
            <legend>Payment plan</legend>
            <p className="staff-note">Optional, for a fee: a deposit at sign-up, and the rest in up to three equal parts due on the days given. Each part’s payment link is emailed a week before its day.</p>
            <div className="staff-form-grid">
              <NumberField label="Deposit (dollars)" decimal field={form.field('planDeposit')} error={form.errors.planDeposit} />
              {PLAN_DAYS.map((day) => (
                <TextField key={day} label={ProductForm[day].label} type="date" field={form.field(day)} error={form.errors[day]} />
              ))}
            </div>
          </fieldset>
        )}
        {showFamily && (
          <NumberField
            label={ProductForm.familyDiscount.label}
            field={form.field('familyDiscount')}
            error={form.errors.familyDiscount}
            hint="Optional: taken off the second and further children one family registers in the same league or academy, with no code."
          />
        )}
        {showLate && (
          <SelectField
            label={ProductForm.lateSignUps.label}
            field={form.field('lateSignUps')}
            error={form.errors.lateSignUps}
            hint="An academy under way: what a family signing up after its first session pays. The receipt shows the sessions charged."
          >
            {LATE_SIGN_UP_PRICES.map((price) => (
              <option key={price} value={price}>
                {LATE_SIGN_UP_LABELS[price]}
              </option>
            ))}
          </SelectField>
        )}
        <CheckboxField label={ProductForm.isActive.label} hint="Products taken off the list stay on the receipts that name them." field={form.field('isActive')} error={form.errors.isActive} />
        {product && <p className="staff-note">A new price is for registrations from now on: what people already owe does not change.</p>}
        <div className="staff-actions">
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Saving…' : product ? 'Save changes' : 'Add product'}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
