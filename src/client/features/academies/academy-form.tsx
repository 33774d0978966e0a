import { useState } from 'react'
import { WEEKDAY_NAMES, WEEKDAYS } from '../../../shared/academy-schedule.ts'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import { AcademyForm, academyFormProblems, listOf, type AcademyFormValues } from '../../../shared/schemas/academy.ts'
import { academyFormValues } from '../../../shared/schemas/academy-form-values.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { ownField, ProgramDetails, ProgramFormPanel, ProgramSale, useWhoTakesPart, WhoTakesPart } from '../offerings/program-form.tsx'
import type { ProgramFormProps } from '../offerings/program.ts'
import { MINIMUM_HINT } from '../../../shared/schemas/program.ts'
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
  minimum: '',
  payAtSignUp: 'false',
  waiverRequired: 'true',
}

/** Creates or edits an academy (offerings/program-form.tsx): its weekdays, hours, first and last sessions and the dates it skips. */
export function AcademyFormPanel({ program: academy, onSaved, onCancel }: ProgramFormProps<AdminAcademy>) {
  const [initial] = useState(() => (academy ? academyFormValues(academy) : NEW_ACADEMY))
  const { form, forChildren, setForChildren, sent } = useWhoTakesPart(AcademyForm, initial)
  const save = useSaveAcademy(academy)
  const weekdays = new Set(listOf(form.values.weekdays).map(Number))

  const toggleDay = (day: number, on: boolean) => {
    const next = WEEKDAYS.filter((d) => (d === day ? on : weekdays.has(d)))
    form.field('weekdays').onChange({ target: { value: next.join(',') } })
  }

  return (
    <ProgramFormPanel
      slug="academy"
      noun="academy"
      program={academy}
      form={form}
      problems={(values) => academyFormProblems(sent(values))}
      save={(values) => save.mutateAsync(sent(values))}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <ProgramDetails
        legend="Academy"
        form={form}
        spec={AcademyForm}
        coach={ownField(form, AcademyForm, 'coach')}
        openHint="Open academies show on the Academies page."
        waiverHint="The waiver is signed before a place is taken."
      />
      <WhoTakesPart
        form={form}
        spec={AcademyForm}
        forChildren={forChildren}
        onForChildren={setForChildren}
        choices={[
          ['true', 'Children, registered by a guardian'],
          ['false', 'Adults'],
        ]}
        ageNote="The child’s age on the first session."
      />
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
      <ProgramSale
        form={form}
        spec={AcademyForm}
        deadline={ownField(form, AcademyForm, 'registrationDeadline', 'The last day to register. Empty: the day before the first session.')}
        minimum={ownField(form, AcademyForm, 'minimum', MINIMUM_HINT)}
        purpose="academy-fee"
        priceHint="Such as 180 or 179.50; 0 for free."
        editing={academy !== undefined}
      />
    </ProgramFormPanel>
  )
}
