import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import type { AdminDropIn, SaveDropInResult } from '../../../shared/contracts/drop-ins.ts'
import { facilityToday, formatDate } from '../../../shared/format.ts'
import { DropInForm, dropInFormProblems, type DropInField, type DropInFormValues } from '../../../shared/schemas/drop-in.ts'
import { SPORT_LABELS, SPORTS } from '../../../shared/sports.ts'
import type { FormSpec } from '../../../shared/validation/rules.ts'
import { PaymentField } from '../../components/payment-field.tsx'
import { PriceFromList } from '../../components/price-from-list.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, NumberField } from '../../components/ui/form-fields.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextAreaField } from '../../components/ui/text-area-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { saveStaffForm } from '../../lib/save-staff-form.ts'
import { useForm } from '../../lib/use-form.ts'
import { adminAcademiesQuery } from '../../queries/admin-academies.ts'
import { siteConfig } from '../../site-config.ts'
import { useSaveDropIn } from './api/use-save-drop-in.ts'
import { dropInFormValues } from './drop-in-text.ts'

const NEW_DROP_IN: DropInFormValues = {
  name: '',
  sport: 'basketball',
  description: '',
  location: '',
  academy: '',
  isActive: 'true',
  forChildren: 'false',
  minAge: '',
  maxAge: '',
  date: '',
  startTime: '18:00',
  endTime: '20:00',
  registrationDate: '',
  price: '',
  priceProduct: '',
  capacity: '',
  payAtSignUp: 'false',
  waiverRequired: 'true',
}

const AGE_FIELDS = ['minAge', 'maxAge'] as const satisfies readonly DropInField[]

/** DropInForm without the age rules for an adults' session: ages left in the hidden fields never block saving. */
function visibleSpec(forChildren: boolean): FormSpec<DropInField> {
  const spec: FormSpec<DropInField> = { ...DropInForm }
  if (!forChildren) for (const name of AGE_FIELDS) spec[name] = { label: DropInForm[name].label, rules: '' }
  return spec
}

/** What a session of `academy` starts from: its sport, place, hours and who takes part, which staff may still change. */
function fromAcademy(academy: AdminAcademy): Partial<DropInFormValues> {
  return {
    name: `${academy.name}: drop-in`,
    ...(academy.sport && academy.sport !== 'kids' ? { sport: academy.sport } : {}),
    location: academy.location ?? '',
    forChildren: String(academy.forChildren),
    minAge: academy.minAge === null ? '' : String(academy.minAge),
    maxAge: academy.maxAge === null ? '' : String(academy.maxAge),
    ...(academy.startTime ? { startTime: academy.startTime } : {}),
    ...(academy.endTime ? { endTime: academy.endTime } : {}),
    waiverRequired: String(academy.waiverRequired),
    date: '',
  }
}

interface DropInFormPanelProps {
  /** The session to edit; undefined for a new one. */
  dropIn: AdminDropIn | undefined
  onSaved(result: SaveDropInResult, created: boolean): void
  onCancel(): void
}

/**
 * Creates or edits a drop-in session, with the academy form's conventions: an open-play slot on any
 * day, or one session of an academy on one of its session dates. Keyed by session by its parent.
 */
export function DropInFormPanel({ dropIn, onSaved, onCancel }: DropInFormPanelProps) {
  const [initial] = useState(() => (dropIn ? dropInFormValues(dropIn) : NEW_DROP_IN))
  const heading = useRef<HTMLHeadingElement>(null)
  const [forChildren, setForChildren] = useState(initial.forChildren === 'true')
  const spec = useMemo(() => visibleSpec(forChildren), [forChildren])
  const form = useForm(spec, initial)
  const save = useSaveDropIn(dropIn)
  const academies = useQuery(adminAcademiesQuery())
  // One reading of the clock per form: the academy's sessions still to come.
  const [today] = useState(() => facilityToday(new Date(), siteConfig.timeZone))
  const academy = academies.data?.academies.find((a) => a.id === form.values.academy)
  const sessionDates = academy?.sessionDates.filter((date) => date >= today || date === form.values.date) ?? []

  useEffect(() => {
    heading.current?.focus()
  }, [])

  const set = (values: Partial<DropInFormValues>) => {
    for (const [name, value] of Object.entries(values)) form.field(name as DropInField).onChange({ target: { value } })
  }
  const chooseAcademy = (id: string) => {
    const chosen = academies.data?.academies.find((a) => a.id === id)
    set({ academy: id, ...(chosen ? fromAcademy(chosen) : {}) })
    if (chosen) setForChildren(chosen.forChildren)
  }

  const submit = form.handleSubmit(async (values) => {
    const sent = { ...values, ...(forChildren ? {} : { minAge: '', maxAge: '' }) }
    await saveStaffForm(form, dropInFormProblems(sent), async () => onSaved(await save.mutateAsync(sent), !dropIn), 'Saving the drop-in session failed. Please try again.')
  })

  const academyField = form.field('academy')
  const whoField = form.field('forChildren')
  return (
    <section className="staff-panel" aria-labelledby="drop-in-form-heading">
      <h2 id="drop-in-form-heading" ref={heading} tabIndex={-1}>
        {dropIn ? `Edit ${dropIn.name}` : 'New drop-in session'}
      </h2>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <fieldset>
          <legend>Session</legend>
          <SelectField
            label={DropInForm.academy.label}
            field={{ ...academyField, onChange: (e) => chooseAcademy(e.target.value) }}
            error={form.errors.academy}
            hint="None for open play; an academy to sell one of its sessions on its own."
          >
            <option value="">None: open play</option>
            {academies.data?.academies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.isActive ? '' : ' (closed)'}
              </option>
            ))}
          </SelectField>
          <div className="staff-form-grid">
            <TextField label={DropInForm.name.label} field={form.field('name')} error={form.errors.name} hint="Such as Open Gym Basketball." />
            <SelectField label={DropInForm.sport.label} field={form.field('sport')} error={form.errors.sport}>
              {SPORTS.filter((sport) => sport !== 'kids').map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </SelectField>
            <TextField label={DropInForm.location.label} field={form.field('location')} error={form.errors.location} hint="A court or a field." />
          </div>
          <TextAreaField label={DropInForm.description.label} rows={3} field={form.field('description')} error={form.errors.description} />
          <CheckboxField label="Open for registration" hint="Open sessions show on the Drop-in Sessions and Academies pages." field={form.field('isActive')} error={form.errors.isActive} />
          <CheckboxField label="Waiver required" hint="The waiver is signed for each person before a place is taken." field={form.field('waiverRequired')} error={form.errors.waiverRequired} />
        </fieldset>
        <fieldset>
          <legend>Who takes part</legend>
          <SelectField
            label={DropInForm.forChildren.label}
            field={{
              ...whoField,
              onChange: (e) => {
                whoField.onChange(e)
                setForChildren(e.target.value === 'true')
              },
            }}
            error={form.errors.forChildren}
          >
            <option value="false">Adults, each for themselves</option>
            <option value="true">Children, registered by a guardian</option>
          </SelectField>
          {forChildren && (
            <>
              <p className="staff-note">The child’s age on the day of the session.</p>
              <div className="staff-form-grid">
                <NumberField label={DropInForm.minAge.label} field={form.field('minAge')} error={form.errors.minAge} />
                <NumberField label={DropInForm.maxAge.label} field={form.field('maxAge')} error={form.errors.maxAge} />
              </div>
            </>
          )}
        </fieldset>
        <fieldset>
          <legend>Day and hours</legend>
          <div className="staff-form-grid">
            {academy ? (
              <SelectField label={DropInForm.date.label} field={form.field('date')} error={form.errors.date} hint={`One of ${academy.name}’s sessions.`}>
                <option value="">{sessionDates.length > 0 ? 'Choose a session' : 'No sessions to come'}</option>
                {sessionDates.map((date) => (
                  <option key={date} value={date}>
                    {formatDate(date)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <TextField label={DropInForm.date.label} type="date" field={form.field('date')} error={form.errors.date} />
            )}
            <TextField label={DropInForm.startTime.label} type="time" field={form.field('startTime')} error={form.errors.startTime} />
            <TextField label={DropInForm.endTime.label} type="time" field={form.field('endTime')} error={form.errors.endTime} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Sale, price and spots</legend>
          <div className="staff-form-grid">
            <TextField
              label={DropInForm.registrationDate.label}
              type="date"
              field={form.field('registrationDate')}
              error={form.errors.registrationDate}
              hint="Places are sold from this day through the day of the session."
            />
            <PriceFromList purpose="drop-in-fee" product={form.field('priceProduct')} price={form.field('price')} error={form.errors.priceProduct}>
              <NumberField label="Price (dollars)" decimal field={form.field('price')} error={form.errors.price} hint="For the one session, such as 10 or 9.50; 0 for free." />
            </PriceFromList>
            <NumberField label={DropInForm.capacity.label} field={form.field('capacity')} error={form.errors.capacity} hint="The most people at the door." />
          </div>
          <PaymentField field={form.field('payAtSignUp')} error={form.errors.payAtSignUp} />
          {dropIn && <p className="staff-note">Fewer spots remove nobody already registered. More spots offer the new places to the waitlist at once.</p>}
        </fieldset>
        <div className="staff-actions">
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Saving…' : dropIn ? 'Save changes' : 'Create drop-in session'}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
