import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminAcademy } from '../../../shared/contracts/academies.ts'
import type { AdminDropIn } from '../../../shared/contracts/drop-ins.ts'
import { formatDate } from '../../../shared/format.ts'
import { DropInForm, dropInFormProblems, type DropInField, type DropInFormValues } from '../../../shared/schemas/drop-in.ts'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { adminAcademiesQuery } from '../../queries/admin-academies.ts'
import { ProgramDetails, ProgramFormPanel, ProgramSale, useWhoTakesPart, WhoTakesPart } from '../offerings/program-form.tsx'
import type { ProgramFormProps } from '../offerings/program.ts'
import { useToday } from '../offerings/use-today.ts'
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

/**
 * Creates or edits a drop-in session (offerings/program-form.tsx): an open-play slot on any day, or
 * one session of an academy on one of its session dates.
 */
export function DropInFormPanel({ program: dropIn, onSaved, onCancel }: ProgramFormProps<AdminDropIn>) {
  const [initial] = useState(() => (dropIn ? dropInFormValues(dropIn) : NEW_DROP_IN))
  const { form, forChildren, setForChildren, sent } = useWhoTakesPart(DropInForm, initial)
  const save = useSaveDropIn(dropIn)
  const academies = useQuery(adminAcademiesQuery())
  const today = useToday()
  const academy = academies.data?.academies.find((a) => a.id === form.values.academy)
  const sessionDates = academy?.sessionDates.filter((date) => date >= today || date === form.values.date) ?? []

  const set = (values: Partial<DropInFormValues>) => {
    for (const [name, value] of Object.entries(values)) form.field(name as DropInField).onChange({ target: { value } })
  }
  const chooseAcademy = (id: string) => {
    const chosen = academies.data?.academies.find((a) => a.id === id)
    set({ academy: id, ...(chosen ? fromAcademy(chosen) : {}) })
    if (chosen) setForChildren(chosen.forChildren)
  }

  const academyField = form.field('academy')
  return (
    <ProgramFormPanel
      slug="drop-in"
      noun="drop-in session"
      program={dropIn}
      form={form}
      problems={(values) => dropInFormProblems(sent(values))}
      save={(values) => save.mutateAsync(sent(values))}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <ProgramDetails
        legend="Session"
        form={form}
        spec={DropInForm}
        first={
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
        }
        nameHint="Such as Open Gym Basketball."
        openHint="Open sessions show on the Drop-in Sessions and Academies pages."
        waiverHint="The waiver is signed for each person before a place is taken."
      />
      <WhoTakesPart
        form={form}
        spec={DropInForm}
        forChildren={forChildren}
        onForChildren={setForChildren}
        choices={[
          ['false', 'Adults, each for themselves'],
          ['true', 'Children, registered by a guardian'],
        ]}
        ageNote="The child’s age on the day of the session."
      />
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
      <ProgramSale
        form={form}
        spec={DropInForm}
        purpose="drop-in-fee"
        priceHint="For the one session, such as 10 or 9.50; 0 for free."
        editing={dropIn !== undefined}
        words={{
          legend: 'Sale, price and places',
          registrationHint: 'Places are sold from this day through the day of the session.',
          capacityHint: 'The most people at the door.',
          editNote: 'Fewer places remove nobody already registered. More places offer the new places to the waitlist at once.',
        }}
      />
    </ProgramFormPanel>
  )
}
