import { useState } from 'react'
import type { AdminCamp } from '../../../shared/contracts/camps.ts'
import { CAMP_MAX_EXTRA_DAYS, CampForm, campFormProblems, type CampFormValues } from '../../../shared/schemas/camp.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { useForm } from '../../lib/use-form.ts'
import { AgeFields, ownField, ProgramDetails, ProgramFormPanel, ProgramSale } from '../offerings/program-form.tsx'
import type { ProgramFormProps } from '../offerings/program.ts'
import { MINIMUM_HINT } from '../../../shared/schemas/program.ts'
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
  minimum: '',
  payAtSignUp: 'false',
  waiverRequired: 'true',
}

/** Creates or edits a camp (offerings/program-form.tsx): for children by age, every day from its first to its last at the same hours. */
export function CampFormPanel({ program: camp, onSaved, onCancel }: ProgramFormProps<AdminCamp>) {
  const [initial] = useState(() => (camp ? campFormValues(camp) : NEW_CAMP))
  const form = useForm(CampForm, initial)
  const save = useSaveCamp(camp)

  return (
    <ProgramFormPanel slug="camp" noun="camp" program={camp} form={form} problems={campFormProblems} save={save.mutateAsync} onSaved={onSaved} onCancel={onCancel}>
      <ProgramDetails
        legend="Camp"
        form={form}
        spec={CampForm}
        coach={ownField(form, CampForm, 'coach')}
        openHint="Open camps show on the Camps and Academies pages."
        waiverHint="The waiver is signed for each child before a place is taken."
      />
      <fieldset>
        <legend>Children</legend>
        <AgeFields form={form} spec={CampForm} note="The child’s age on the first day." />
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
      <ProgramSale
        form={form}
        spec={CampForm}
        deadline={ownField(form, CampForm, 'registrationDeadline', 'The last day to register. Empty: the day before the first day.')}
        minimum={ownField(form, CampForm, 'minimum', MINIMUM_HINT)}
        purpose="camp-fee"
        priceHint="For all its days, such as 150 or 149.50; 0 for free."
        editing={camp !== undefined}
      />
    </ProgramFormPanel>
  )
}
