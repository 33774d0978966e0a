import { useEffect, useState, useSyncExternalStore } from 'react'
import { useHydrated } from './use-hydrated.ts'
import {
  FORM_MESSAGES,
  type FormSpec,
  INPUT_DELAY_MS,
  fieldDependencies,
  validateField,
  validateForm,
} from '../../shared/validation/rules.ts'

/*
 * Form state lives in a framework-free store so its timing and validation can be unit-tested
 * without a DOM; useForm only binds that store to React.
 */

export interface Debouncer<K> {
  /** Runs `run` once `delay` ms pass without another schedule for the same key. */
  schedule(key: K, run: () => void): void
  cancel(key: K): void
  cancelAll(): void
}

/** One timer per key, so typing in one field never holds back another field's check. */
export function createDebouncer<K>(delay: number): Debouncer<K> {
  const timers = new Map<K, ReturnType<typeof setTimeout>>()
  const cancel = (key: K) => {
    clearTimeout(timers.get(key))
    timers.delete(key)
  }
  return {
    schedule(key, run) {
      cancel(key)
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key)
          run()
        }, delay),
      )
    },
    cancel,
    cancelAll() {
      for (const key of [...timers.keys()]) cancel(key)
    },
  }
}

export type SubmitHandler<K extends string> = (values: Record<K, string>) => void | Promise<void>

export interface FormState<K extends string> {
  values: Record<K, string>
  /** Only for fields the person has edited or left, or all of them after a submit attempt. */
  errors: Partial<Record<K, string>>
  /** The form-level message after a failed submit or a server rejection. */
  message: string | null
  submitting: boolean
}

/** Property signatures rather than methods: the hook hands these functions out unbound. */
export interface FormStore<K extends string> {
  getState: () => FormState<K>
  subscribe: (listener: () => void) => () => void
  /** Takes the new value at once and validates it after the input delay. */
  change: (name: K, value: string) => void
  /** Validates the field now, dropping its pending delayed check; an empty field never typed in waits for the submit. */
  blur: (name: K) => void
  /** Validates every field and calls onValid only when all pass; ignored while submitting. */
  submit: (onValid: SubmitHandler<K>) => Promise<void>
  setServerErrors: (errors: Partial<Record<K, string>>, message?: string | null) => void
  setSpec: (spec: FormSpec<K>) => void
  /** Drops pending timers; the store stays usable, as React StrictMode remounts effects. */
  dispose: () => void
}

export function createFormStore<K extends string>(
  initialSpec: FormSpec<K>,
  initial: Record<K, string>,
  delay: number = INPUT_DELAY_MS,
  /** The form's checks across fields its rules cannot express: run with the rules on submit, so every field's error shows at once. */
  checks?: (values: Record<K, string>) => Partial<Record<K, string>>,
): FormStore<K> {
  let spec = initialSpec
  let state: FormState<K> = { values: { ...initial }, errors: {}, message: null, submitting: false }
  let submitted = false
  const touched = new Set<K>()
  const listeners = new Set<() => void>()
  const debouncer = createDebouncer<K>(delay)

  function update(patch: Partial<FormState<K>>) {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }

  const shown = (name: K) => submitted || touched.has(name)

  /** A shown message follows the form's current state, and goes once no error is left. */
  function messageFor(errors: Partial<Record<K, string>>): string | null {
    if (state.message === null || Object.keys(errors).length === 0) return null
    // Remaining errors may be the server's alone, which the client rules cannot see.
    return validateForm(spec, state.values).message ?? FORM_MESSAGES.invalid
  }

  /**
   * Rechecks `name` and the shown fields whose rules read it, so fixing a password also clears
   * "must match" on its confirmation. Other fields keep their errors, including the server's.
   */
  function revalidate(name: K) {
    const errors = { ...state.errors }
    const affected = (field: K) =>
      field === name || (shown(field) && fieldDependencies(spec[field]).includes(name))
    for (const field of (Object.keys(spec) as K[]).filter(affected)) {
      const error = validateField(spec[field], state.values[field], state.values, spec)
      if (error === null) delete errors[field]
      else errors[field] = error
    }
    update({ errors, message: messageFor(errors) })
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    change(name, value) {
      touched.add(name)
      update({ values: { ...state.values, [name]: value } })
      debouncer.schedule(name, () => revalidate(name))
    },
    blur(name) {
      // Passing through an empty field says nothing yet: a message there would move the button
      // being pressed, losing its click. Submitting names it.
      if (!submitted && !touched.has(name) && state.values[name] === '') return
      touched.add(name)
      debouncer.cancel(name)
      revalidate(name)
    },
    async submit(onValid) {
      if (state.submitting) return
      debouncer.cancelAll()
      submitted = true
      const { values } = state
      const result = validateForm(spec, values)
      const errors = { ...checks?.(values), ...result.errors }
      const valid = Object.keys(errors).length === 0
      update({ errors, message: result.message ?? (valid ? null : FORM_MESSAGES.invalid) })
      if (!valid) return
      update({ submitting: true })
      try {
        await onValid(values)
      } finally {
        update({ submitting: false })
      }
    },
    setServerErrors(errors, message) {
      const fallback = Object.keys(errors).length > 0 ? FORM_MESSAGES.invalid : null
      update({ errors: { ...errors }, message: message === undefined ? fallback : message })
    },
    setSpec(next) {
      spec = next
    },
    dispose: () => debouncer.cancelAll(),
  }
}

export interface FieldProps<K extends string> {
  name: K
  value: string
  onChange(e: { target: { value: string } }): void
  onBlur(): void
  'aria-invalid': boolean
  'aria-describedby': string | undefined
  /** Until the script has taken a server-rendered page over: what is typed before would be lost. */
  readOnly: boolean
}

/** Props to spread on an input; the error element it points at gets id `${name}-error`. */
export function fieldProps<K extends string>(store: FormStore<K>, state: FormState<K>, name: K, ready = true): FieldProps<K> {
  const invalid = state.errors[name] !== undefined
  return {
    name,
    value: state.values[name],
    onChange: (e) => store.change(name, e.target.value),
    onBlur: () => store.blur(name),
    'aria-invalid': invalid,
    'aria-describedby': invalid ? `${name}-error` : undefined,
    readOnly: !ready,
  }
}

/**
 * A field's props under ids of its own, `${prefix}-${name}` (its hint's and error's after it), for a
 * form that shares its page with another asking for the same fields: two `amount` ids would tie a
 * label to the other form's input.
 */
export function prefixedField<K extends string>(prefix: string, field: FieldProps<K>): FieldProps<string> {
  const id = `${prefix}-${field.name}`
  return { ...field, name: id, 'aria-describedby': field['aria-describedby'] === undefined ? undefined : `${id}-error` }
}

export interface UseForm<K extends string> extends FormState<K> {
  /** The submit button stays disabled while this is false (useHydrated). */
  ready: boolean
  field(name: K): FieldProps<K>
  setServerErrors(errors: Partial<Record<K, string>>, message?: string | null): void
  handleSubmit(onValid: SubmitHandler<K>): (e?: { preventDefault(): void }) => void
}

export function useForm<K extends string>(
  spec: FormSpec<K>,
  initial: Record<K, string>,
  options: { delay?: number; checks?: (values: Record<K, string>) => Partial<Record<K, string>> } = {},
): UseForm<K> {
  // Initial values, the delay and the checks are read once, like useState's initial value.
  const [store] = useState(() => createFormStore(spec, initial, options.delay, options.checks))
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  const ready = useHydrated()

  // Rules may depend on props, so checks always run against the latest spec.
  useEffect(() => {
    store.setSpec(spec)
  }, [store, spec])
  useEffect(() => store.dispose, [store])

  return {
    ...state,
    ready,
    field: (name) => fieldProps(store, state, name, ready),
    setServerErrors: store.setServerErrors,
    handleSubmit: (onValid) => (e) => {
      e?.preventDefault()
      // A rejecting onValid is a bug of the caller's; let it surface like any handler error.
      void store.submit(onValid)
    },
  }
}
