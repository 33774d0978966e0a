import { useEffect, useRef, useState } from 'react'
import type { DiscountCode } from '../../../shared/contracts/discount-codes.ts'
import type { Product } from '../../../shared/contracts/products.ts'
import { DiscountCodeForm, discountCodeFormProblems, type DiscountCodeFormValues } from '../../../shared/schemas/discount-code.ts'
import { discountCodeFormValues } from '../../../shared/schemas/discount-code-form-values.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, NumberField } from '../../components/ui/form-fields.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ProductChoice, useProductChoice } from './product-choice.tsx'
import { useSaveDiscountCode } from './api/use-save-discount-code.ts'
import { saveStaffForm } from '../../lib/save-staff-form.ts'
import { useForm, type FieldProps } from '../../lib/use-form.ts'

const NEW_CODE: DiscountCodeFormValues = {
  code: '',
  description: '',
  percentOff: '',
  amountOff: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerPerson: '',
  isActive: 'true',
}

/** The price list's own form on the same page has an `isActive` too: this checkbox takes another id. */
const ACTIVE_ID = 'discountCodeIsActive'

interface DiscountCodeFormPanelProps {
  /** The code to edit; undefined for a new one. */
  discountCode: DiscountCode | undefined
  /** The price list's products, to choose which the code is for. */
  products: readonly Product[]
  onSaved(discountCode: DiscountCode, created: boolean): void
  onCancel(): void
}

/** Adds or changes a discount code, with the staff forms' conventions. Keyed by code by its parent. */
export function DiscountCodeFormPanel({ discountCode, products, onSaved, onCancel }: DiscountCodeFormPanelProps) {
  const [initial] = useState(() => (discountCode ? discountCodeFormValues(discountCode) : NEW_CODE))
  const { chosen, choose } = useProductChoice(discountCode?.products)
  const heading = useRef<HTMLHeadingElement>(null)
  const form = useForm(DiscountCodeForm, initial)
  const save = useSaveDiscountCode(discountCode)
  const productsError = (form.errors as Partial<Record<string, string>>).productIds

  useEffect(() => {
    heading.current?.focus()
  }, [])


  const active = form.field('isActive')
  const activeField: FieldProps<string> = { ...active, name: ACTIVE_ID, 'aria-describedby': form.errors.isActive ? `${ACTIVE_ID}-error` : undefined }

  const submit = form.handleSubmit((values) =>
    saveStaffForm(
      form,
      discountCodeFormProblems(values),
      async () => {
        const saved = await save.mutateAsync({ ...values, productIds: [...chosen] })
        onSaved(saved.discountCode, !discountCode)
      },
      'Saving the discount code failed. Please try again.',
    ),
  )

  return (
    <section className="staff-panel" aria-labelledby="discount-code-form-heading">
      <h3 id="discount-code-form-heading" ref={heading} tabIndex={-1}>
        {discountCode ? `Edit ${discountCode.code}` : 'New discount code'}
      </h3>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <div className="staff-form-grid">
          <TextField
            label={DiscountCodeForm.code.label}
            field={form.field('code')}
            error={form.errors.code}
            hint={discountCode && discountCode.uses > 0 ? 'It has been used, so it stays as it is.' : 'Letters, digits, - and _, such as SPRING10; people may type it in any case.'}
          />
          <TextField label={DiscountCodeForm.description.label} field={form.field('description')} error={form.errors.description} hint="Optional, for staff: what it is for." />
        </div>
        <fieldset>
          <legend>What it takes off</legend>
          <p className="staff-note">A percent off each line it is for, or an amount off the order, once: give one of the two.</p>
          <div className="staff-form-grid">
            <NumberField label={DiscountCodeForm.percentOff.label} field={form.field('percentOff')} error={form.errors.percentOff} hint="1 to 100." />
            <NumberField label="Amount off (dollars)" decimal field={form.field('amountOff')} error={form.errors.amountOff} hint="Such as 5 or 7.50." />
          </div>
        </fieldset>
        <ProductChoice
          id="discount-code-products"
          legend="Products it is for"
          label="Products"
          hint="Choose none for everything on the price list."
          empty="The price list has no products yet: the code is for everything."
          products={products}
          chosen={chosen}
          choose={choose}
          disabled={!form.ready}
          error={productsError}
        />
        <fieldset>
          <legend>When and how often</legend>
          <div className="staff-form-grid">
            <TextField label={DiscountCodeForm.validFrom.label} type="date" field={form.field('validFrom')} error={form.errors.validFrom} hint="Optional; where the facility is." />
            <TextField label={DiscountCodeForm.validUntil.label} type="date" field={form.field('validUntil')} error={form.errors.validUntil} hint="Optional; it can be used through this day." />
            <NumberField label={DiscountCodeForm.maxUses.label} field={form.field('maxUses')} error={form.errors.maxUses} hint="Optional: orders it can be used on." />
            <NumberField label={DiscountCodeForm.maxUsesPerPerson.label} field={form.field('maxUsesPerPerson')} error={form.errors.maxUsesPerPerson} hint="Optional." />
          </div>
        </fieldset>
        <CheckboxField label={DiscountCodeForm.isActive.label} hint="A code taken off is refused at checkout." field={activeField} error={form.errors.isActive} />
        <div className="staff-actions">
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Saving…' : discountCode ? 'Save changes' : 'Add code'}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
