import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { ProductPurpose } from '../../../shared/schemas/product.ts'
import { SPORT_LABELS, SPORTS } from '../../../shared/sports.ts'
import type { FormSpec } from '../../../shared/validation/rules.ts'
import { PaymentField } from '../../components/payment-field.tsx'
import { PriceFromList } from '../../components/price-from-list.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, NumberField } from '../../components/ui/form-fields.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextAreaField } from '../../components/ui/text-area-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { useAreaNames } from './api/use-area-names.ts'
import { saveStaffForm } from '../../lib/save-staff-form.ts'
import { useForm, type FieldProps, type UseForm } from '../../lib/use-form.ts'
import type { SavedProgram } from './program.ts'

/*
 * The staff's form of a program (an academy, a camp, a drop-in session), with the league form's
 * conventions: the parts every kind's form has, named alike in each kind's schema; each kind adds
 * its own fields (an academy's weekdays, a camp's days, a drop-in's academy and day).
 */

type DetailField = 'name' | 'sport' | 'description' | 'location' | 'isActive' | 'waiverRequired'
type SaleField = 'registrationDate' | 'price' | 'priceProduct' | 'capacity' | 'payAtSignUp'
type AgeField = 'minAge' | 'maxAge'
type WhoField = 'forChildren' | AgeField

/** A field only some kinds have (a coach, a registration deadline), handed in by the kind. */
export interface OwnField {
  label: string
  field: FieldProps<string>
  error: string | undefined
  hint?: string
}

/** The kind's `name` field of `form`, labelled as its schema says. */
export function ownField<K extends string>(form: UseForm<K>, spec: FormSpec<K>, name: K, hint?: string): OwnField {
  return { label: spec[name].label, field: form.field(name), error: form.errors[name], hint }
}

interface ProgramFormPanelProps<K extends string, P> {
  /** The kind in element ids ("drop-in") and in words ("drop-in session"). */
  slug: string
  noun: string
  /** The program edited; undefined for a new one. */
  program: { name: string } | undefined
  form: UseForm<K>
  /** What the field rules cannot say (cents, times and ages in order), checked before saving. */
  problems(values: Record<K, string>): Partial<Record<K, string>>
  /** The kind's save (its api/ hook). */
  save(values: Record<K, string>): Promise<SavedProgram<P>>
  onSaved(result: SavedProgram<P>, created: boolean): void
  onCancel(): void
  children: ReactNode
}

/** A program's form panel: its heading, focused when it opens, the kind's fieldsets, and save or cancel. Keyed by program by its parent. */
export function ProgramFormPanel<K extends string, P>({ slug, noun, program, form, problems, save, onSaved, onCancel, children }: ProgramFormPanelProps<K, P>) {
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    heading.current?.focus()
  }, [])

  const submit = form.handleSubmit(async (values) => {
    await saveStaffForm(form, problems(values), async () => onSaved(await save(values), !program), `Saving the ${noun} failed. Please try again.`)
  })

  return (
    <section className="staff-panel" aria-labelledby={`${slug}-form-heading`}>
      <h2 id={`${slug}-form-heading`} ref={heading} tabIndex={-1}>
        {program ? `Edit ${program.name}` : `New ${noun}`}
      </h2>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        {children}
        <div className="staff-actions">
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Saving…' : program ? 'Save changes' : `Create ${noun}`}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}

interface ProgramDetailsProps<K extends string> {
  legend: string
  /** The kind's form, whose fields include these. */
  form: UseForm<K | DetailField>
  spec: FormSpec<DetailField>
  /** What comes first: a drop-in's academy. */
  first?: ReactNode
  nameHint?: string
  coach?: OwnField
  /** Where an open program shows, and whom the waiver is signed for. */
  openHint: string
  waiverHint: string
}

/** The program's name, sport, coach, place and description, and whether it is open and asks for the waiver. */
export function ProgramDetails<K extends string>({ legend, form, spec, first, nameHint, coach, openHint, waiverHint }: ProgramDetailsProps<K>) {
  const areaNames = useAreaNames()
  return (
    <fieldset>
      <legend>{legend}</legend>
      {first}
      <div className="staff-form-grid">
        <TextField label={spec.name.label} field={form.field('name')} error={form.errors.name} hint={nameHint} />
        <SelectField label={spec.sport.label} field={form.field('sport')} error={form.errors.sport}>
          {SPORTS.filter((sport) => sport !== 'kids').map((sport) => (
            <option key={sport} value={sport}>
              {SPORT_LABELS[sport]}
            </option>
          ))}
        </SelectField>
        {coach && <TextField label={coach.label} field={coach.field} error={coach.error} />}
        <TextField
          label={spec.location.label}
          field={form.field('location')}
          error={form.errors.location}
          hint="A court or a field. A playing area’s name books it on the facility calendar."
          suggestions={areaNames}
        />
      </div>
      <TextAreaField label={spec.description.label} rows={3} field={form.field('description')} error={form.errors.description} />
      <CheckboxField label="Open for registration" hint={openHint} field={form.field('isActive')} error={form.errors.isActive} />
      <CheckboxField label="Waiver required" hint={waiverHint} field={form.field('waiverRequired')} error={form.errors.waiverRequired} />
    </fieldset>
  )
}

/** The youngest and oldest ages a program takes, and the day a child's age counts on. */
export function AgeFields<K extends string>({ form, spec, note }: { form: UseForm<K | AgeField>; spec: FormSpec<AgeField>; note: string }) {
  return (
    <>
      <p className="staff-note">{note}</p>
      <div className="staff-form-grid">
        <NumberField label={spec.minAge.label} field={form.field('minAge')} error={form.errors.minAge} />
        <NumberField label={spec.maxAge.label} field={form.field('maxAge')} error={form.errors.maxAge} />
      </div>
    </>
  )
}

const AGE_FIELDS = ['minAge', 'maxAge'] as const satisfies readonly AgeField[]

/**
 * The form of a program for children or for adults: the age rules apply only to children, so
 * ages left in the hidden fields never block saving, and they are sent empty for adults.
 */
export function useWhoTakesPart<K extends string>(spec: FormSpec<K | WhoField>, initial: Record<K | WhoField, string>) {
  const [forChildren, setForChildren] = useState(initial.forChildren === 'true')
  const visible = useMemo(() => {
    const shown: FormSpec<K | WhoField> = { ...spec }
    if (!forChildren) for (const name of AGE_FIELDS) shown[name] = { label: spec[name].label, rules: '' }
    return shown
  }, [spec, forChildren])
  const form = useForm(visible, initial)
  const sent = (values: Record<K | WhoField, string>) => ({ ...values, ...(forChildren ? {} : { minAge: '', maxAge: '' }) })
  return { form, forChildren, setForChildren, sent }
}

interface WhoTakesPartProps<K extends string> {
  form: UseForm<K | WhoField>
  spec: FormSpec<WhoField>
  forChildren: boolean
  onForChildren(forChildren: boolean): void
  /** The choices in the order shown: for children ('true') and for adults ('false'). */
  choices: readonly (readonly [value: 'true' | 'false', text: string])[]
  /** The day a child's age counts on. */
  ageNote: string
}

/** Children or adults, and the children's ages. */
export function WhoTakesPart<K extends string>({ form, spec, forChildren, onForChildren, choices, ageNote }: WhoTakesPartProps<K>) {
  const whoField = form.field('forChildren')
  return (
    <fieldset>
      <legend>Who takes part</legend>
      <SelectField
        label={spec.forChildren.label}
        field={{
          ...whoField,
          onChange: (e) => {
            whoField.onChange(e)
            onForChildren(e.target.value === 'true')
          },
        }}
        error={form.errors.forChildren}
      >
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </SelectField>
      {forChildren && <AgeFields form={form} spec={spec} note={ageNote} />}
    </fieldset>
  )
}

interface ProgramSaleProps<K extends string> {
  form: UseForm<K | SaleField>
  spec: FormSpec<SaleField>
  deadline?: OwnField
  /** The fewest places it needs to run, for a kind that has one (not a drop-in). */
  minimum?: OwnField
  purpose: ProductPurpose
  priceHint: string
  /** A program edited is told what a changed capacity does. */
  editing: boolean
  /** The words of a kind that sells places at the door (a drop-in), where they differ. */
  words?: Partial<typeof PLACES>
}

/** What the fieldset says of a program with places and a registration period. */
const PLACES = {
  legend: 'Registration, price and places',
  registrationHint: 'Registration opens on this day.',
  capacityHint: 'Places; empty for no limit.',
  editNote: 'Lowering the capacity removes nobody already registered. Raising it offers the new places to the waitlist at once.',
}

/** When registration opens (and closes), the price from the price list or typed, the places, and when a place is paid. */
export function ProgramSale<K extends string>({ form, spec, deadline, minimum, purpose, priceHint, editing, words }: ProgramSaleProps<K>) {
  const { legend, registrationHint, capacityHint, editNote } = { ...PLACES, ...words }
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="staff-form-grid">
        <TextField label={spec.registrationDate.label} type="date" field={form.field('registrationDate')} error={form.errors.registrationDate} hint={registrationHint} />
        {deadline && <TextField label={deadline.label} type="date" field={deadline.field} error={deadline.error} hint={deadline.hint} />}
        <PriceFromList purpose={purpose} product={form.field('priceProduct')} price={form.field('price')} error={form.errors.priceProduct}>
          <NumberField label="Price (dollars)" decimal field={form.field('price')} error={form.errors.price} hint={priceHint} />
        </PriceFromList>
        <NumberField label={spec.capacity.label} field={form.field('capacity')} error={form.errors.capacity} hint={capacityHint} />
        {minimum && <NumberField label={minimum.label} field={minimum.field} error={minimum.error} hint={minimum.hint} />}
      </div>
      <PaymentField field={form.field('payAtSignUp')} error={form.errors.payAtSignUp} />
      {editing && <p className="staff-note">{editNote}</p>}
    </fieldset>
  )
}
