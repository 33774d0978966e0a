import { formatDate } from '../format.ts'

/**
 * The form facility of product §5: generic field rules and their default messages. It runs in
 * the browser and on the server alike, so it touches neither the DOM nor Node APIs.
 */

/** One field: the label its messages name, its rules, and per-rule message overrides. */
export interface FieldSpec {
  label: string
  /** `'required|email'` or `['required', 'min:6']`; arguments follow `:`, separated by `,`. */
  rules: string | readonly string[]
  /** Replaces a rule's default message, keyed by rule name: `{ min: '...' }`. */
  messages?: Partial<Record<string, string>>
}

export type FormSpec<K extends string = string> = Record<K, FieldSpec>

export const FORM_MESSAGES = {
  invalid: 'Sorry, not all fields are filled out correctly.',
  incomplete: 'Form incomplete.',
} as const

/** How long a field waits after the last keystroke before it is validated (product §5). */
export const INPUT_DELAY_MS = 20

export interface FormResult<K extends string> {
  valid: boolean
  errors: Partial<Record<K, string>>
  /** `incomplete` when a required field is empty, else `invalid` when any field fails. */
  message: string | null
}

/** What a rule sees of the field it checks. */
interface RuleInput {
  /** The trimmed value; only `required` is ever asked about an empty one. */
  text: string
  args: readonly string[]
  label: string
  /** The field also has `numeric` or `integer`, so min, max and between weigh values, not lengths. */
  numeric: boolean
  values: Record<string, unknown>
  form: FormSpec | undefined
}

interface Rule {
  /** Argument count; `list` means one or more. */
  arity: 0 | 1 | 2 | 'list'
  /** The arguments are numbers, as in `min:6`. */
  numberArgs?: true
  passes(input: RuleInput): boolean
  message(input: RuleInput): string
  /** Other fields whose values the rule reads, so a form can recheck it when they change. */
  reads?(args: readonly string[]): readonly string[]
}

export const PHONE_MESSAGE = 'Please enter a valid phone number with its area code, or + and the country code.'

/**
 * How a phone number is read: its one stored form, or null when it cannot be a phone number. The
 * browser checks its shape only (digits and punctuation, 10 to 15 digits), so the sign-up pages
 * do not load a phone library; the server installs the full reader (libphonenumber-js, E.164:
 * src/shared/phone.ts) with `usePhoneReader`, and its answer is the one that counts.
 */
let readPhone = (text: string): string | null => {
  const digits = text.replace(/\D/g, '').length
  return /^\+?[\d \-.()]+$/.test(text) && digits >= 10 && digits <= 15 ? text.replace(/ {2,}/g, ' ') : null
}

export function usePhoneReader(reader: (text: string) => string | null): void {
  readPhone = reader
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/
const INTEGER = /^[+-]?\d+$/
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** A wall-clock time, 24-hour: `18:00`, `07:30`. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
/**
 * A mailbox at a named domain: dotted labels of letters, digits and inner hyphens, the last one
 * starting with a letter. So no address literal (`x@[127.0.0.1]`), no bare IP, no domain without a dot.
 */
const EMAIL = /^[^\s@]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]*[\p{L}\p{N}]$/u
/**
 * What the authentication library takes at sign-up and sign-in (zod's `z.email()`, the same
 * pattern): plain ASCII, dotted atoms before the @, a top-level domain of letters. An address it
 * refuses could make an account elsewhere (the desk, the command line) that never signs in
 * (issue 30), so every form refuses it too. rules.test.ts holds the two to the same answers.
 */
const SIGN_IN_EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/
/**
 * What a one-line field refuses: control characters (tabs, line breaks) and invisible formatting
 * such as right-to-left overrides, which make a name read differently from what it is. Zero-width
 * joiners stay: some scripts and emoji need them.
 */
const HIDDEN = /[\p{Cc}\u2028\u2029]|(?![\u200C\u200D])\p{Cf}/u

export function isEmpty(value: unknown): boolean {
  return toText(value) === ''
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'string' ? value.trim() : String(value)
}

/** Plain decimal notation only: `Number()` alone would also take `0x1f`, `1e3` and `Infinity`. */
function toNumber(text: string): number {
  return NUMBER.test(text) ? Number(text) : Number.NaN
}

function isDate(text: string): boolean {
  const parts = ISO_DATE.exec(text)
  if (parts === null) return false
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC rolls 2027-02-30 over into March; a real calendar date survives the round trip.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** The person's own calendar day, as that is what `today` means on the form they fill in. */
function today(): string {
  const now = new Date()
  const pad = (part: number, width: number) => String(part).padStart(width, '0')
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1, 2)}-${pad(now.getDate(), 2)}`
}

function labelOf(name: string, form: FormSpec | undefined): string {
  return form?.[name]?.label ?? name
}

function characters(count: string): string {
  return `${count} character${count === '1' ? '' : 's'}`
}

/** Code points rather than UTF-16 units, so an emoji counts as one character. */
function characterCount(text: string): number {
  return Array.from(text).length
}

/**
 * Checks the value of a numeric field or the length of any other, leaving a numeric field's
 * non-number to the `numeric` rule's message.
 */
function sizeWithin({ text, numeric }: RuleInput, min: number, max: number): boolean {
  const size = numeric ? toNumber(text) : characterCount(text)
  return Number.isNaN(size) || (size >= min && size <= max)
}

interface DateRef {
  date: string | null
  name: string
}

/** A date rule's reference: `today`, a literal ISO date, or another field (null while it holds no date). */
/** `today-30y`: the same calendar day that many years before today (29 February falls to 1 March). */
const YEARS_AGO = /^today-(\d{1,3})y$/

function dateRef(ref: string, input: RuleInput): DateRef {
  if (ref === 'today') return { date: today(), name: 'today' }
  const yearsAgo = YEARS_AGO.exec(ref)
  if (yearsAgo) {
    const year = String(Number(today().slice(0, 4)) - Number(yearsAgo[1])).padStart(4, '0')
    const sameDay = `${year}${today().slice(4)}`
    const date = isDate(sameDay) ? sameDay : `${year}-03-01`
    return { date, name: formatDate(date) }
  }
  if (ISO_DATE.test(ref)) {
    if (!isDate(ref)) throw new Error(`Date rule argument ${ref} is not a calendar date`)
    return { date: ref, name: formatDate(ref) }
  }
  const other = toText(input.values[ref])
  return { date: isDate(other) ? other : null, name: labelOf(ref, input.form) }
}

function dateRule(holds: (value: string, ref: string) => boolean, relation: string): Rule {
  return {
    arity: 1,
    // An invalid date fails too, so a field with only date_after cannot slip garbage through;
    // an empty or invalid other field is that field's own error to report.
    passes: (input) => {
      const { date } = dateRef(input.args[0] ?? '', input)
      return isDate(input.text) && (date === null || holds(input.text, date))
    },
    message: (input) => `${input.label} must be ${relation} ${dateRef(input.args[0] ?? '', input).name}.`,
    reads: ([ref = '']) => (ref === 'today' || ISO_DATE.test(ref) || YEARS_AGO.test(ref) ? [] : [ref]),
  }
}

const RULES: Readonly<Record<string, Rule>> = {
  required: {
    arity: 0,
    passes: ({ text }) => text !== '',
    message: ({ label }) => `${label} is required.`,
  },
  email: {
    arity: 0,
    passes: ({ text }) => text.length <= 254 && EMAIL.test(text) && SIGN_IN_EMAIL.test(text) && !HIDDEN.test(text),
    message: () => 'Please enter a valid email address.',
  },
  min: {
    arity: 1,
    numberArgs: true,
    passes: (input) => sizeWithin(input, Number(input.args[0]), Infinity),
    message: ({ label, args: [min = ''], numeric }) =>
      numeric ? `${label} must be ${min} or more.` : `${label} must be at least ${characters(min)}.`,
  },
  max: {
    arity: 1,
    numberArgs: true,
    passes: (input) => sizeWithin(input, -Infinity, Number(input.args[0])),
    message: ({ label, args: [max = ''], numeric }) =>
      numeric ? `${label} must be ${max} or less.` : `${label} must be at most ${characters(max)}.`,
  },
  length: {
    arity: 1,
    numberArgs: true,
    // Always a length, so a `numeric|length:5` ZIP code counts digits.
    passes: ({ text, args }) => characterCount(text) === Number(args[0]),
    message: ({ label, args: [length = ''] }) => `${label} must be exactly ${characters(length)}.`,
  },
  between: {
    arity: 2,
    numberArgs: true,
    passes: (input) => sizeWithin(input, Number(input.args[0]), Number(input.args[1])),
    message: ({ label, args: [min, max], numeric }) =>
      `${label} must be between ${min} and ${max}${numeric ? '' : ' characters'}.`,
  },
  confirm: {
    arity: 1,
    passes: ({ text, args: [other = ''], values }) => text === toText(values[other]),
    message: ({ label, args: [other = ''], form }) => `${label} must match ${labelOf(other, form)}.`,
    reads: ([other = '']) => [other],
  },
  date: {
    arity: 0,
    passes: ({ text }) => isDate(text),
    message: ({ label }) => `${label} must be a valid date.`,
  },
  date_after: dateRule((value, ref) => value > ref, 'after'),
  date_before: dateRule((value, ref) => value < ref, 'before'),
  time: {
    arity: 0,
    passes: ({ text }) => TIME.test(text),
    message: ({ label }) => `${label} must be a time such as 18:00.`,
  },
  url: {
    arity: 0,
    passes: ({ text }) => isWebUrl(text),
    message: ({ label }) => `${label} must be a valid web address starting with http:// or https://.`,
  },
  numeric: {
    arity: 0,
    passes: ({ text }) => NUMBER.test(text),
    message: ({ label }) => `${label} must be a number.`,
  },
  integer: {
    arity: 0,
    passes: ({ text }) => INTEGER.test(text),
    message: ({ label }) => `${label} must be a whole number.`,
  },
  phone: {
    arity: 0,
    // A number of the facility's country, or any country's written with + (src/shared/phone.ts).
    passes: ({ text }) => readPhone(text) !== null,
    message: () => PHONE_MESSAGE,
  },
  line: {
    arity: 0,
    passes: ({ text }) => !HIDDEN.test(text),
    message: ({ label }) => `${label} must be one line of plain text, without tabs, line breaks or hidden characters.`,
  },
  alpha: {
    arity: 0,
    // Any script's letters, so names like José or Zoë pass.
    passes: ({ text }) => /^\p{L}+$/u.test(text),
    message: ({ label }) => `${label} may only contain letters.`,
  },
  alpha_num: {
    arity: 0,
    passes: ({ text }) => /^[\p{L}\p{N}]+$/u.test(text),
    message: ({ label }) => `${label} may only contain letters and numbers.`,
  },
  in: {
    arity: 'list',
    passes: ({ text, args }) => args.includes(text),
    message: ({ label, args }) => `${label} must be one of: ${args.join(', ')}.`,
  },
}

function isWebUrl(text: string): boolean {
  // The URL parser would quietly percent-encode a space and accept `http:example.com`.
  if (/\s/.test(text) || !/^https?:\/\//i.test(text)) return false
  try {
    return new URL(text).hostname !== ''
  } catch {
    return false
  }
}

interface ParsedRule {
  name: string
  args: readonly string[]
  rule: Rule
}

/** Whether the field must be filled in. */
export function isRequired(field: FieldSpec): boolean {
  return parseRules(field.rules).some((rule) => rule.name === 'required')
}

/** Parses every rule up front, so a misspelt rule throws even while its field is empty. */
function parseRules(rules: FieldSpec['rules']): ParsedRule[] {
  const list = typeof rules === 'string' ? (rules === '' ? [] : rules.split('|')) : rules
  return list.map((source) => {
    const colon = source.indexOf(':')
    const name = (colon === -1 ? source : source.slice(0, colon)).trim()
    const args = colon === -1 ? [] : source.slice(colon + 1).split(',').map((arg) => arg.trim())
    // hasOwn keeps names like `constructor` from resolving to Object.prototype members.
    const rule = Object.hasOwn(RULES, name) ? RULES[name] : undefined
    if (rule === undefined) throw new Error(`Unknown validation rule "${name}"`)
    const countOk = rule.arity === 'list' ? args.length > 0 : args.length === rule.arity
    const argsOk = !args.includes('') && (!rule.numberArgs || args.every((arg) => NUMBER.test(arg)))
    if (!countOk || !argsOk) throw new Error(`Bad arguments in validation rule "${source}"`)
    return { name, args, rule }
  })
}

/**
 * A field's value as the site keeps it, the same whichever form or import it came through:
 * trimmed, in Unicode's composed form (NFC), so one name is stored one way. Emails are
 * lower-cased; one-line fields and phones keep single spaces. Strings, numbers and booleans are
 * read as text; anything else is empty.
 */
export function normalisedValue(spec: FieldSpec, value: unknown): string {
  const raw = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
  const text = raw.trim().normalize('NFC')
  const names = new Set(parseRules(spec.rules).map((rule) => rule.name))
  if (names.has('email')) return text.toLowerCase()
  // One form for every phone number, E.164; what cannot be one stays as typed, for its message.
  if (names.has('phone')) return readPhone(text) ?? text.replace(/ {2,}/g, ' ')
  if (names.has('line')) return text.replace(/ {2,}/g, ' ')
  return text
}

/** Every declared field of a form, normalised; anything not declared is dropped. */
export function normalisedForm<K extends string>(spec: FormSpec<K>, values: Record<string, unknown>): Record<K, string> {
  const form = {} as Record<K, string>
  for (const name of Object.keys(spec) as K[]) form[name] = normalisedValue(spec[name], values[name])
  return form
}

/** The other fields this field's rules compare against (confirm, date_after, date_before). */
export function fieldDependencies(spec: FieldSpec): string[] {
  return parseRules(spec.rules).flatMap(({ rule, args }) => rule.reads?.(args) ?? [])
}

/**
 * The first failing rule's message, or null. `values` and `form` let confirm and the date
 * rules read and name other fields.
 */
export function validateField(
  spec: FieldSpec,
  value: unknown,
  values: Record<string, unknown> = {},
  form?: FormSpec,
): string | null {
  const rules = parseRules(spec.rules)
  const text = toText(value)
  const numeric = rules.some(({ name }) => name === 'numeric' || name === 'integer')
  for (const { name, args, rule } of rules) {
    // Only `required` looks at an empty value, which is what makes a field optional.
    if (text === '' && name !== 'required') continue
    const input: RuleInput = { text, args, label: spec.label, numeric, values, form }
    if (!rule.passes(input)) return spec.messages?.[name] ?? rule.message(input)
  }
  return null
}

export function validateForm<K extends string>(spec: FormSpec<K>, values: Record<string, unknown>): FormResult<K> {
  const errors: Partial<Record<K, string>> = {}
  let incomplete = false
  for (const name of Object.keys(spec) as K[]) {
    const field = spec[name]
    const error = validateField(field, values[name], values, spec)
    if (error === null) continue
    errors[name] = error
    if (isEmpty(values[name]) && parseRules(field.rules).some((rule) => rule.name === 'required')) incomplete = true
  }
  const valid = Object.keys(errors).length === 0
  const message = incomplete ? FORM_MESSAGES.incomplete : valid ? null : FORM_MESSAGES.invalid
  return { valid, errors, message }
}
