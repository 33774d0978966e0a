import { useEffect, useMemo, useRef, useState } from 'react'
import { AGE_FIELDS, LeagueForm, leagueFormProblems, TEAM_FIELDS, type LeagueField, type LeagueFormValues } from '../../../shared/schemas/league.ts'
import { leagueFormValues } from '../../../shared/schemas/league-form-values.ts'
import { MINIMUM_HINT } from '../../../shared/schemas/program.ts'
import type { AdminLeague, SaveLeagueResult } from '../../../shared/contracts/leagues.ts'
import { LEAGUE_KINDS, SPORT_LABELS, SPORTS } from '../../../shared/sports.ts'
import { playersPayFee, TEAM_PAYMENT_LABELS, TEAM_PAYMENTS, teamPaysFee, type TeamPayment } from '../../../shared/schemas/team.ts'
import type { FormSpec } from '../../../shared/validation/rules.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { saveStaffForm } from '../../lib/save-staff-form.ts'
import { useForm, type FieldProps } from '../../lib/use-form.ts'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextAreaField } from '../../components/ui/text-area-field.tsx'
import { CheckboxField, NumberField } from '../../components/ui/form-fields.tsx'
import { PriceFromList } from '../../components/price-from-list.tsx'
import { PaymentField } from '../../components/payment-field.tsx'
import { useSaveLeague } from './api/use-save-league.ts'

const NEW_LEAGUE: LeagueFormValues = {
  name: '',
  sport: 'soccer',
  kind: 'individual',
  description: '',
  isActive: 'true',
  registrationDate: '',
  startDate: '',
  endDate: '',
  registrationDeadline: '',
  price: '',
  priceProduct: '',
  capacity: '',
  minimum: '',
  payAtSignUp: 'false',
  teamCapacity: '',
  rosterMin: '',
  rosterMax: '',
  rosterDeadline: '',
  teamPayment: 'player-fee',
  teamFee: '',
  teamFeeProduct: '',
  minAge: '',
  maxAge: '',
}

const KIND_LABELS = { individual: 'Individual (free agents)', team: 'Team' } as const

/** Fields the form hides for this sport and kind; they are sent empty and the server stores nothing. */
function hiddenFields(values: Pick<LeagueFormValues, 'sport' | 'kind'>): LeagueField[] {
  return [...(values.kind === 'team' ? [] : TEAM_FIELDS), ...(values.sport === 'kids' ? [] : AGE_FIELDS)]
}

/** LeagueForm with the hidden fields' rules dropped, so a value left in one cannot block saving. */
function visibleSpec(hidden: readonly LeagueField[]): FormSpec<LeagueField> {
  const spec: FormSpec<LeagueField> = { ...LeagueForm }
  for (const name of hidden) spec[name] = { label: LeagueForm[name].label, rules: '' }
  return spec
}

interface LeagueFormPanelProps {
  /** The league to edit; undefined for a new one. */
  league: AdminLeague | undefined
  onSaved(result: SaveLeagueResult, created: boolean): void
  onCancel(): void
}

/** Creates or edits a league. Keyed by league by its parent, so each opening starts afresh. */
export function LeagueFormPanel({ league, onSaved, onCancel }: LeagueFormPanelProps) {
  const [initial] = useState(() => (league ? leagueFormValues(league) : NEW_LEAGUE))
  const heading = useRef<HTMLHeadingElement>(null)
  // Sport and kind decide which fields show; held here too, as the rules must follow them.
  const [shape, setShape] = useState({ sport: initial.sport, kind: initial.kind })
  const hidden = useMemo(() => hiddenFields(shape), [shape])
  const spec = useMemo(() => visibleSpec(hidden), [hidden])
  const form = useForm(spec, initial)
  const save = useSaveLeague(league)
  const shapeField = (name: 'sport' | 'kind'): FieldProps<LeagueField> => {
    const field = form.field(name)
    return {
      ...field,
      onChange: (e) => {
        field.onChange(e)
        setShape((current) => ({ ...current, [name]: e.target.value }))
      },
    }
  }

  useEffect(() => {
    heading.current?.focus()
  }, [])

  const submit = form.handleSubmit(async (values) => {
    const sent = { ...values, ...Object.fromEntries(hidden.map((name) => [name, ''])) } as LeagueFormValues
    await saveStaffForm(
      form,
      leagueFormProblems(sent),
      async () => onSaved(await save.mutateAsync(sent), !league),
      'Saving the league failed. Please try again.',
    )
  })

  const title = league ? `Edit ${league.name}` : 'New league'
  return (
    <section className="staff-panel" aria-labelledby="league-form-heading">
      <h2 id="league-form-heading" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <form onSubmit={submit} noValidate>
        {form.message && <Alert>{form.message}</Alert>}
        <fieldset>
          <legend>League</legend>
          <div className="staff-form-grid">
            <TextField label={LeagueForm.name.label} field={form.field('name')} error={form.errors.name} />
            <SelectField label={LeagueForm.sport.label} field={shapeField('sport')} error={form.errors.sport}>
              {SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {SPORT_LABELS[sport]}
                </option>
              ))}
            </SelectField>
            <SelectField label={LeagueForm.kind.label} field={shapeField('kind')} error={form.errors.kind}>
              {LEAGUE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField label={LeagueForm.description.label} rows={3} field={form.field('description')} error={form.errors.description} />
          <CheckboxField
            label="Open for registration"
            hint="Open leagues show on the home page and the sign-up pages."
            field={form.field('isActive')}
            error={form.errors.isActive}
          />
        </fieldset>
        <fieldset>
          <legend>Dates</legend>
          <div className="staff-form-grid">
            <TextField label={LeagueForm.registrationDate.label} type="date" field={form.field('registrationDate')} error={form.errors.registrationDate} hint="Registration opens on this day." />
            <TextField label={LeagueForm.startDate.label} type="date" field={form.field('startDate')} error={form.errors.startDate} hint="After the registration date." />
            <TextField label={LeagueForm.endDate.label} type="date" field={form.field('endDate')} error={form.errors.endDate} hint="After the start date." />
            <TextField
              label={LeagueForm.registrationDeadline.label}
              type="date"
              field={form.field('registrationDeadline')}
              error={form.errors.registrationDeadline}
              hint="The last day to register. Empty: the day before the start date."
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>Price and places</legend>
          <div className="staff-form-grid">
            <PriceFromList purpose="player-fee" product={form.field('priceProduct')} price={form.field('price')} error={form.errors.priceProduct}>
              <NumberField label="Price (dollars)" decimal field={form.field('price')} error={form.errors.price} hint="Such as 45 or 45.50; 0 for free." />
            </PriceFromList>
            <NumberField
              label={LeagueForm.capacity.label}
              field={form.field('capacity')}
              error={form.errors.capacity}
              hint="Player places; empty for no limit."
            />
            {hidden.includes('teamCapacity') && <NumberField label={LeagueForm.minimum.label} field={form.field('minimum')} error={form.errors.minimum} hint={`Players. ${MINIMUM_HINT}`} />}
          </div>
          <PaymentField field={form.field('payAtSignUp')} error={form.errors.payAtSignUp} />
          {league && (
            <p className="staff-note">
              Lowering the capacity removes nobody already registered. Raising it offers the new places to the waitlist at once.
            </p>
          )}
        </fieldset>
        {!hidden.includes('teamCapacity') && (
          <fieldset>
            <legend>Teams</legend>
            <div className="staff-form-grid">
              <NumberField label={LeagueForm.teamCapacity.label} field={form.field('teamCapacity')} error={form.errors.teamCapacity} hint="How many teams. Empty for no limit." />
              <NumberField label={LeagueForm.minimum.label} field={form.field('minimum')} error={form.errors.minimum} hint={`Teams. ${MINIMUM_HINT}`} />
              <NumberField label={LeagueForm.rosterMin.label} field={form.field('rosterMin')} error={form.errors.rosterMin} />
              <NumberField label={LeagueForm.rosterMax.label} field={form.field('rosterMax')} error={form.errors.rosterMax} />
              <TextField
                label={LeagueForm.rosterDeadline.label}
                type="date"
                field={form.field('rosterDeadline')}
                error={form.errors.rosterDeadline}
                hint="After it, only staff change rosters. Empty: when registration closes."
              />
              <SelectField label={LeagueForm.teamPayment.label} field={form.field('teamPayment')} error={form.errors.teamPayment}>
                {TEAM_PAYMENTS.map((payment) => (
                  <option key={payment} value={payment}>
                    {TEAM_PAYMENT_LABELS[payment]}
                  </option>
                ))}
              </SelectField>
              {teamPaysFee(form.values.teamPayment as TeamPayment) && (
                <PriceFromList
                  purpose={form.values.teamPayment === 'team-fee' ? 'team-fee' : 'team-deposit'}
                  label={LeagueForm.teamFeeProduct.label}
                  product={form.field('teamFeeProduct')}
                  price={form.field('teamFee')}
                  error={form.errors.teamFeeProduct}
                >
                  <NumberField
                    label={form.values.teamPayment === 'team-fee' ? 'Team fee (dollars)' : 'Team deposit (dollars)'}
                    decimal
                    field={form.field('teamFee')}
                    error={form.errors.teamFee}
                    hint="What the captain pays for the team."
                  />
                </PriceFromList>
              )}
            </div>
            {playersPayFee(form.values.teamPayment as TeamPayment) && <p className="staff-note">Each player pays the price above.</p>}
          </fieldset>
        )}
        {!hidden.includes('minAge') && (
          <fieldset>
            <legend>Ages</legend>
            <p className="staff-note">The child’s age on the league’s start date.</p>
            <div className="staff-form-grid">
              <NumberField label={LeagueForm.minAge.label} field={form.field('minAge')} error={form.errors.minAge} />
              <NumberField label={LeagueForm.maxAge.label} field={form.field('maxAge')} error={form.errors.maxAge} />
            </div>
          </fieldset>
        )}
        <div className="staff-actions">
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Saving…' : league ? 'Save changes' : 'Create league'}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
