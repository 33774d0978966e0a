import { useEffect, useMemo, useRef, useState } from 'react'
import { WEEKDAY_NAMES, WEEKDAYS } from '../../../shared/academy-schedule.ts'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import { AcademyForm, academyFormProblems, listOf, type AcademyField, type AcademyFormValues } from '../../../shared/schemas/academy.ts'
import { academyFormValues } from '../../../shared/schemas/academy-form-values.ts'
import { SPORT_LABELS, SPORTS } from '../../../shared/sports.ts'
import type { FormSpec } from '../../../shared/validation/rules.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, NumberField } from '../../components/ui/form-fields.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextAreaField } from '../../components/ui/text-area-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { saveStaffForm } from '../../lib/save-staff-form.ts'
import { useForm } from '../../lib/use-form.ts'
import { PriceFromList } from '../../components/price-from-list.tsx'
import { PaymentField } from '../../components/payment-field.tsx'
import { useSaveAcademy } from './api/use-save-academy.ts'

const NEW_ACADEMY: AcademyFormValues = {
  name: '',
  sport: 'soccer',
  description: '',
  coach: '',
  location: '',
  isActive: 'true',
  forChildren: 'true',
  minAge: '',
  maxAge: '',
  weekdays: '',
  startTime: '',
  endTime: '',
  registrationDate: '',
  startDate: '',
  endDate: '',
  registrationDeadline: '',
  skippedDates: '',
  price: '',
  priceProduct: '',
  capacity: '',
  payAtSignUp: 'false',
  waiverRequired: 'true',
}

const AGE_FIELDS = ['minAge', 'maxAge'] as const satisfies readonly AcademyField[]

/** AcademyForm without the age rules for an adults' class: ages left in the hidden fields never block saving. */
function visibleSpec(forChildren: boolean): FormSpec<AcademyField> {
  const spec: FormSpec<AcademyField> = { ...AcademyForm }
  if (!forChildren) for (const name of AGE_FIELDS) spec[name] = { label: AcademyForm[name].label, rules: '' }
  return spec
}

interface AcademyFormPanelProps {
  /** The academy to edit; undefined for a new one. */
  academy: AdminAcademy | undefined
  onSaved(result: { academy: AdminAcademy; offered: number }, created: boolean): void
  onCancel(): void
}

/** Creates or edits an academy, with the league form's conventions. Keyed by academy by its parent. */
export function AcademyFormPanel({ academy, onSaved, onCancel }: AcademyFormPanelProps) {
  const [initial] = useState(() => (academy ? academyFormValues(academy) : NEW_ACADEMY))
  const heading = useRef<HTMLHeadingElement>(null)
  const [forChildren, setForChildren] = useState(initial.forChildren === 'true')
  const spec = useMemo(() => visibleSpec(forChildren), [forChildren])
  const form = useForm(spec, initial)
  const save = useSaveAcademy(academy)
  const weekdays = new Set(listOf(form.values.weekdays).map(Number))

  useEffect(() => {
    heading.current?.focus()
  }, [])

  const toggleDay = (day: number, on: boolean) => {
    const next = WEEKDAYS.filter((d) => (d === day ? on : weekdays.has(d)))
    form.field('weekdays').onChange({ target: { value: next.join(',') } })
  }

  const submit = form.handleSubmit(async (values) => {
    const sent = { ...values, ...(forChildren ? {} : { minAge: '', maxAge: '' }) }
    await saveStaffForm(
      form,
      academyFormProblems(sent),
      async () => onSaved(await save.mutateAsync(sent), !academy),
      'Saving the academy failed. Please try again.',
    )
  })

  const whoField = form.field('forChildren')
  return (
    <section className="staff-panel" aria-labelledby="academy-form-heading">
      <h2 id="academy-form-heading" ref={heading} tabIndex={-1}>
        {academy ? `Edit ${academy.name}` : 'New academy'}
      </h2>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <fieldset>
          <legend>Academy</legend>
          <div className="staff-form-grid">
            <TextField label={AcademyForm.name.label} field={form.field('name')} error={form.errors.name} />
            <SelectField label={AcademyForm.sport.label} field={form.field('sport')} error={form.errors.sport}>
              {SPORTS.filter((sport) => sport !== 'kids').map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </SelectField>
            <TextField label={AcademyForm.coach.label} field={form.field('coach')} error={form.errors.coach} />
            <TextField label={AcademyForm.location.label} field={form.field('location')} error={form.errors.location} hint="A court or a field." />
          </div>
          <TextAreaField label={AcademyForm.description.label} rows={3} field={form.field('description')} error={form.errors.description} />
          <CheckboxField label="Open for registration" hint="Open academies show on the Academies page." field={form.field('isActive')} error={form.errors.isActive} />
          <CheckboxField label="Waiver required" hint="The waiver is signed before a place is taken." field={form.field('waiverRequired')} error={form.errors.waiverRequired} />
        </fieldset>
        <fieldset>
          <legend>Who takes part</legend>
          <SelectField
            label={AcademyForm.forChildren.label}
            field={{
              ...whoField,
              onChange: (e) => {
                whoField.onChange(e)
                setForChildren(e.target.value === 'true')
              },
            }}
            error={form.errors.forChildren}
          >
            <option value="true">Children, registered by a guardian</option>
            <option value="false">Adults</option>
          </SelectField>
          {forChildren && (
            <>
              <p className="staff-note">The child’s age on the first session.</p>
              <div className="staff-form-grid">
                <NumberField label={AcademyForm.minAge.label} field={form.field('minAge')} error={form.errors.minAge} />
                <NumberField label={AcademyForm.maxAge.label} field={form.field('maxAge')} error={form.errors.maxAge} />
              </div>
            </>
          )}
        </fieldset>
        <fieldset aria-describedby={form.errors.weekdays ? 'weekdays-error' : undefined}>
          <legend>Sessions</legend>
          <div className="staff-weekdays" role="group" aria-label={AcademyForm.weekdays.label}>
            {WEEKDAYS.map((day) => (
              <label key={day} className="staff-weekday">
                <input type="checkbox" checked={weekdays.has(day)} disabled={!form.ready} onChange={(e) => toggleDay(day, e.target.checked)} />
                {WEEKDAY_NAMES[day]}
              </label>
            ))}
          </div>
          {form.errors.weekdays && (
            <p className="field-error" id="weekdays-error">
              {form.errors.weekdays}
            </p>
          )}
          <div className="staff-form-grid">
            <TextField label={AcademyForm.startTime.label} type="time" field={form.field('startTime')} error={form.errors.startTime} />
            <TextField label={AcademyForm.endTime.label} type="time" field={form.field('endTime')} error={form.errors.endTime} />
            <TextField label={AcademyForm.startDate.label} type="date" field={form.field('startDate')} error={form.errors.startDate} hint="After the registration date." />
            <TextField label={AcademyForm.endDate.label} type="date" field={form.field('endDate')} error={form.errors.endDate} />
          </div>
          <TextField
            label={AcademyForm.skippedDates.label}
            field={form.field('skippedDates')}
            error={form.errors.skippedDates}
            hint="Holidays it does not meet on, separated by commas, such as 2027-01-14, 2027-02-16."
          />
        </fieldset>
        <fieldset>
          <legend>Registration, price and places</legend>
          <div className="staff-form-grid">
            <TextField label={AcademyForm.registrationDate.label} type="date" field={form.field('registrationDate')} error={form.errors.registrationDate} hint="Registration opens on this day." />
            <TextField
              label={AcademyForm.registrationDeadline.label}
              type="date"
              field={form.field('registrationDeadline')}
              error={form.errors.registrationDeadline}
              hint="The last day to register. Empty: the day before the first session."
            />
            <PriceFromList purpose="academy-fee" product={form.field('priceProduct')} price={form.field('price')} error={form.errors.priceProduct}>
              <NumberField label="Price (dollars)" decimal field={form.field('price')} error={form.errors.price} hint="Such as 180 or 179.50; 0 for free." />
            </PriceFromList>
            <NumberField label={AcademyForm.capacity.label} field={form.field('capacity')} error={form.errors.capacity} hint="Places; empty for no limit." />
          </div>
          <PaymentField field={form.field('payAtSignUp')} error={form.errors.payAtSignUp} />
          {academy && <p className="staff-note">Lowering the capacity removes nobody already registered. Raising it offers the new places to the waitlist at once.</p>}
        </fieldset>
        <div className="staff-actions">
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Saving…' : academy ? 'Save changes' : 'Create academy'}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
