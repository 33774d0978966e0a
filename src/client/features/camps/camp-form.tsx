import { useEffect, useRef, useState } from 'react'
import type { AdminCamp, SaveCampResult } from '../../../shared/contracts/camps.ts'
import { CAMP_MAX_EXTRA_DAYS, CampForm, campFormProblems, type CampFormValues } from '../../../shared/schemas/camp.ts'
import { SPORT_LABELS, SPORTS } from '../../../shared/sports.ts'
import { PaymentField } from '../../components/payment-field.tsx'
import { PriceFromList } from '../../components/price-from-list.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, NumberField } from '../../components/ui/form-fields.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextAreaField } from '../../components/ui/text-area-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { saveStaffForm } from '../../lib/save-staff-form.ts'
import { useForm } from '../../lib/use-form.ts'
import { useSaveCamp } from './api/use-save-camp.ts'
import { campFormValues } from './camp-text.ts'

const NEW_CAMP: CampFormValues = {
  name: '',
  sport: 'soccer',
  description: '',
  coach: '',
  location: '',
  isActive: 'true',
  minAge: '',
  maxAge: '',
  startTime: '09:00',
  endTime: '15:00',
  registrationDate: '',
  startDate: '',
  endDate: '',
  registrationDeadline: '',
  price: '',
  priceProduct: '',
  capacity: '',
  payAtSignUp: 'false',
  waiverRequired: 'true',
}

interface CampFormPanelProps {
  /** The camp to edit; undefined for a new one. */
  camp: AdminCamp | undefined
  onSaved(result: SaveCampResult, created: boolean): void
  onCancel(): void
}

/** Creates or edits a camp, with the academy form's conventions. Keyed by camp by its parent. */
export function CampFormPanel({ camp, onSaved, onCancel }: CampFormPanelProps) {
  const [initial] = useState(() => (camp ? campFormValues(camp) : NEW_CAMP))
  const heading = useRef<HTMLHeadingElement>(null)
  const form = useForm(CampForm, initial)
  const save = useSaveCamp(camp)

  useEffect(() => {
    heading.current?.focus()
  }, [])

  const submit = form.handleSubmit(async (values) => {
    await saveStaffForm(form, campFormProblems(values), async () => onSaved(await save.mutateAsync(values), !camp), 'Saving the camp failed. Please try again.')
  })

  return (
    <section className="staff-panel" aria-labelledby="camp-form-heading">
      <h2 id="camp-form-heading" ref={heading} tabIndex={-1}>
        {camp ? `Edit ${camp.name}` : 'New camp'}
      </h2>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <fieldset>
          <legend>Camp</legend>
          <div className="staff-form-grid">
            <TextField label={CampForm.name.label} field={form.field('name')} error={form.errors.name} />
            <SelectField label={CampForm.sport.label} field={form.field('sport')} error={form.errors.sport}>
              {SPORTS.filter((sport) => sport !== 'kids').map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </SelectField>
            <TextField label={CampForm.coach.label} field={form.field('coach')} error={form.errors.coach} />
            <TextField label={CampForm.location.label} field={form.field('location')} error={form.errors.location} hint="A court or a field." />
          </div>
          <TextAreaField label={CampForm.description.label} rows={3} field={form.field('description')} error={form.errors.description} />
          <CheckboxField label="Open for registration" hint="Open camps show on the Camps and Academies pages." field={form.field('isActive')} error={form.errors.isActive} />
          <CheckboxField label="Waiver required" hint="The waiver is signed for each child before a place is taken." field={form.field('waiverRequired')} error={form.errors.waiverRequired} />
        </fieldset>
        <fieldset>
          <legend>Children</legend>
          <p className="staff-note">The child’s age on the first day.</p>
          <div className="staff-form-grid">
            <NumberField label={CampForm.minAge.label} field={form.field('minAge')} error={form.errors.minAge} />
            <NumberField label={CampForm.maxAge.label} field={form.field('maxAge')} error={form.errors.maxAge} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Days and hours</legend>
          <p className="staff-note">The camp meets every day from its first day to its last, at the same hours; one day when they are the same.</p>
          <div className="staff-form-grid">
            <TextField label={CampForm.startDate.label} type="date" field={form.field('startDate')} error={form.errors.startDate} hint="After the registration date." />
            <TextField label={CampForm.endDate.label} type="date" field={form.field('endDate')} error={form.errors.endDate} hint={`The first day, or up to ${CAMP_MAX_EXTRA_DAYS} days after it.`} />
            <TextField label={CampForm.startTime.label} type="time" field={form.field('startTime')} error={form.errors.startTime} />
            <TextField label={CampForm.endTime.label} type="time" field={form.field('endTime')} error={form.errors.endTime} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Registration, price and places</legend>
          <div className="staff-form-grid">
            <TextField label={CampForm.registrationDate.label} type="date" field={form.field('registrationDate')} error={form.errors.registrationDate} hint="Registration opens on this day." />
            <TextField
              label={CampForm.registrationDeadline.label}
              type="date"
              field={form.field('registrationDeadline')}
              error={form.errors.registrationDeadline}
              hint="The last day to register. Empty: the day before the first day."
            />
            <PriceFromList purpose="camp-fee" product={form.field('priceProduct')} price={form.field('price')} error={form.errors.priceProduct}>
              <NumberField label="Price (dollars)" decimal field={form.field('price')} error={form.errors.price} hint="For all its days, such as 150 or 149.50; 0 for free." />
            </PriceFromList>
            <NumberField label={CampForm.capacity.label} field={form.field('capacity')} error={form.errors.capacity} hint="Places; empty for no limit." />
          </div>
          <PaymentField field={form.field('payAtSignUp')} error={form.errors.payAtSignUp} />
          {camp && <p className="staff-note">Lowering the capacity removes nobody already registered. Raising it offers the new places to the waitlist at once.</p>}
        </fieldset>
        <div className="staff-actions">
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Saving…' : camp ? 'Save changes' : 'Create camp'}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
