import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { FORM_MESSAGES } from '../../shared/validation/rules.ts'
import { createDebouncer, createFormStore, fieldProps } from './use-form.ts'

/*
 * Node has no DOM, so these tests drive the store behind useForm; the hook itself only binds
 * it to React and is covered by the browser tests.
 */

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

const signup = {
  name: { label: 'Name', rules: 'required' },
  email: { label: 'Email', rules: 'required|email' },
  password: { label: 'Password', rules: 'required|min:6' },
  passwordConfirm: { label: 'Confirm password', rules: 'required|confirm:password' },
}

const blank = { name: '', email: '', password: '', passwordConfirm: '' }
const filled = { name: 'Jane', email: 'jane@example.com', password: 'secret1', passwordConfirm: 'secret1' }

describe('createDebouncer', () => {
  test('runs after the delay and not before', () => {
    const run = vi.fn()
    createDebouncer<string>(20).schedule('email', run)
    vi.advanceTimersByTime(19)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledOnce()
  })

  test('a new schedule for the same key restarts the wait and replaces the callback', () => {
    const debouncer = createDebouncer<string>(20)
    const first = vi.fn()
    const second = vi.fn()
    debouncer.schedule('email', first)
    vi.advanceTimersByTime(15)
    debouncer.schedule('email', second)
    vi.advanceTimersByTime(15)
    expect(second).not.toHaveBeenCalled()
    vi.advanceTimersByTime(5)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledOnce()
  })

  test('keys wait independently', () => {
    const debouncer = createDebouncer<string>(20)
    const email = vi.fn()
    const name = vi.fn()
    debouncer.schedule('email', email)
    vi.advanceTimersByTime(10)
    debouncer.schedule('name', name)
    vi.advanceTimersByTime(10)
    expect(email).toHaveBeenCalledOnce()
    expect(name).not.toHaveBeenCalled()
    vi.advanceTimersByTime(10)
    expect(name).toHaveBeenCalledOnce()
  })

  test('cancel and cancelAll drop pending runs', () => {
    const debouncer = createDebouncer<string>(20)
    const runs = [vi.fn(), vi.fn(), vi.fn()] as const
    debouncer.schedule('a', runs[0])
    debouncer.schedule('b', runs[1])
    debouncer.schedule('c', runs[2])
    debouncer.cancel('a')
    vi.advanceTimersByTime(10)
    debouncer.cancelAll()
    vi.advanceTimersByTime(100)
    for (const run of runs) expect(run).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('typing', () => {
  test('takes the value at once and validates it after the default 20 ms', () => {
    const store = createFormStore(signup, blank)
    store.change('email', 'jane')
    expect(store.getState().values.email).toBe('jane')
    vi.advanceTimersByTime(19)
    expect(store.getState().errors).toEqual({})
    vi.advanceTimersByTime(1)
    expect(store.getState().errors).toEqual({ email: 'Please enter a valid email address.' })
  })

  test('honours a custom delay', () => {
    const store = createFormStore(signup, blank, 100)
    store.change('email', 'jane')
    vi.advanceTimersByTime(99)
    expect(store.getState().errors).toEqual({})
    vi.advanceTimersByTime(1)
    expect(store.getState().errors.email).toBe('Please enter a valid email address.')
  })

  test('each keystroke restarts the field\'s delay and the last value is checked', () => {
    const store = createFormStore(signup, blank)
    store.change('email', 'j')
    vi.advanceTimersByTime(15)
    store.change('email', 'jane@example.com')
    vi.advanceTimersByTime(15)
    expect(store.getState().errors).toEqual({})
    vi.advanceTimersByTime(5)
    expect(store.getState().errors).toEqual({})
    expect(store.getState().values.email).toBe('jane@example.com')
  })

  test('fields are debounced separately', () => {
    const store = createFormStore(signup, blank)
    store.change('email', 'jane')
    vi.advanceTimersByTime(10)
    store.change('password', 'abc')
    vi.advanceTimersByTime(10)
    expect(store.getState().errors).toEqual({ email: 'Please enter a valid email address.' })
    vi.advanceTimersByTime(10)
    expect(store.getState().errors.password).toBe('Password must be at least 6 characters.')
  })

  test('shows no errors for fields the person has not touched', () => {
    const store = createFormStore(signup, blank)
    store.change('email', 'jane@example.com')
    vi.advanceTimersByTime(20)
    expect(store.getState().errors).toEqual({})
  })

  test('fixing a value clears its error', () => {
    const store = createFormStore(signup, blank)
    store.change('email', 'jane')
    vi.advanceTimersByTime(20)
    store.change('email', 'jane@example.com')
    vi.advanceTimersByTime(20)
    expect(store.getState().errors).toEqual({})
  })

  test('rechecks a shown field that compares against the changed one', () => {
    const store = createFormStore(signup, blank)
    store.change('password', 'secret1')
    store.change('passwordConfirm', 'secret2')
    vi.advanceTimersByTime(20)
    expect(store.getState().errors).toEqual({ passwordConfirm: 'Confirm password must match Password.' })
    store.change('password', 'secret2')
    vi.advanceTimersByTime(20)
    expect(store.getState().errors).toEqual({})
  })

  test('leaves an untouched dependent field alone', () => {
    const store = createFormStore(signup, { ...blank, passwordConfirm: 'other1' })
    store.change('password', 'secret1')
    vi.advanceTimersByTime(20)
    expect(store.getState().errors).toEqual({})
  })

  test('dispose stops pending checks', () => {
    const store = createFormStore(signup, blank)
    store.change('email', 'jane')
    store.dispose()
    vi.advanceTimersByTime(100)
    expect(store.getState().errors).toEqual({})
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('leaving a field', () => {
  test('validates it immediately and drops its pending check', () => {
    const store = createFormStore(signup, blank)
    store.change('name', 'J')
    store.change('name', '')
    store.blur('name')
    expect(store.getState().errors).toEqual({ name: 'Name is required.' })
    store.change('email', 'jane')
    store.blur('email')
    expect(store.getState().errors.email).toBe('Please enter a valid email address.')
    expect(vi.getTimerCount()).toBe(0)
  })

  test('passing through an empty field never typed in says nothing: the message would move the button being clicked', () => {
    const store = createFormStore(signup, blank)
    store.blur('name')
    expect(store.getState().errors).toEqual({})
    store.change('email', 'jane')
    vi.advanceTimersByTime(20)
    expect(store.getState().errors).toEqual({ email: 'Please enter a valid email address.' })
  })
})

describe('submitting', () => {
  test('an empty required field shows every error, "Form incomplete." and skips onValid', async () => {
    const store = createFormStore(signup, { ...blank, email: 'jane' })
    const onValid = vi.fn()
    await store.submit(onValid)
    expect(onValid).not.toHaveBeenCalled()
    expect(store.getState()).toMatchObject({
      message: FORM_MESSAGES.incomplete,
      errors: {
        name: 'Name is required.',
        email: 'Please enter a valid email address.',
        password: 'Password is required.',
        passwordConfirm: 'Confirm password is required.',
      },
    })
  })

  test('a filled but invalid form gets the "not filled out correctly" message', async () => {
    const store = createFormStore(signup, { ...filled, email: 'jane' })
    const onValid = vi.fn()
    await store.submit(onValid)
    expect(onValid).not.toHaveBeenCalled()
    expect(store.getState().message).toBe('Sorry, not all fields are filled out correctly.')
    expect(store.getState().errors).toEqual({ email: 'Please enter a valid email address.' })
  })

  test('the checks across fields run with the rules: every field’s error shows at once', async () => {
    const checks = (values: Record<string, string>) => (values.name === 'Jane' ? { name: 'Jane is taken.', email: 'Not this one either.' } : {})
    const store = createFormStore(signup, { ...filled, password: 'short', passwordConfirm: 'short' }, undefined, checks)
    const onValid = vi.fn()
    await store.submit(onValid)
    expect(onValid).not.toHaveBeenCalled()
    expect(store.getState().errors).toEqual({ name: 'Jane is taken.', email: 'Not this one either.', password: 'Password must be at least 6 characters.' })
    store.change('password', 'secret1')
    store.change('passwordConfirm', 'secret1')
    await store.submit(onValid)
    expect(store.getState()).toMatchObject({ message: FORM_MESSAGES.invalid, errors: { name: 'Jane is taken.', email: 'Not this one either.' } })
  })

  test('validates immediately, overriding pending delayed checks', async () => {
    const store = createFormStore(signup, filled)
    store.change('email', 'jane')
    await store.submit(vi.fn())
    expect(store.getState().errors.email).toBe('Please enter a valid email address.')
    expect(vi.getTimerCount()).toBe(0)
  })

  test('the message follows later edits and goes once the form is right', async () => {
    const store = createFormStore(signup, { ...filled, name: '', email: 'jane' })
    await store.submit(vi.fn())
    expect(store.getState().message).toBe(FORM_MESSAGES.incomplete)
    store.change('name', 'Jane')
    vi.advanceTimersByTime(20)
    expect(store.getState().message).toBe(FORM_MESSAGES.invalid)
    store.change('email', 'jane@example.com')
    vi.advanceTimersByTime(20)
    expect(store.getState()).toMatchObject({ message: null, errors: {} })
  })

  test('after a submit attempt every field shows its errors as it changes', async () => {
    const store = createFormStore(signup, { ...filled, name: '' })
    await store.submit(vi.fn())
    store.change('password', 'secret2')
    vi.advanceTimersByTime(20)
    expect(store.getState().errors.passwordConfirm).toBe('Confirm password must match Password.')
  })

  test('a valid form calls onValid with the values, submitting while it runs', async () => {
    const store = createFormStore(signup, filled)
    let finish = () => {}
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const done = store.submit(onValid)
    expect(onValid).toHaveBeenCalledWith(filled)
    expect(store.getState()).toMatchObject({ submitting: true, message: null, errors: {} })

    await store.submit(onValid)
    expect(onValid).toHaveBeenCalledOnce()

    finish()
    await done
    expect(store.getState().submitting).toBe(false)
  })

  test('submitting ends even when onValid fails', async () => {
    const store = createFormStore(signup, filled)
    await expect(store.submit(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline')
    expect(store.getState().submitting).toBe(false)
  })
})

describe('server errors', () => {
  test('show with the invalid message by default, or a given one', () => {
    const store = createFormStore(signup, filled)
    store.setServerErrors({ email: 'That email is already registered.' })
    expect(store.getState()).toMatchObject({
      errors: { email: 'That email is already registered.' },
      message: FORM_MESSAGES.invalid,
    })
    store.setServerErrors({}, 'Registration is closed.')
    expect(store.getState()).toMatchObject({ errors: {}, message: 'Registration is closed.' })
  })

  test('stay until their own field changes', () => {
    const store = createFormStore(signup, filled)
    store.setServerErrors({ email: 'That email is already registered.' })
    store.change('name', 'Janet')
    vi.advanceTimersByTime(20)
    expect(store.getState()).toMatchObject({
      errors: { email: 'That email is already registered.' },
      message: FORM_MESSAGES.invalid,
    })
    store.change('email', 'janet@example.com')
    vi.advanceTimersByTime(20)
    expect(store.getState()).toMatchObject({ errors: {}, message: null })
  })
})

describe('store plumbing', () => {
  test('subscribers hear every change until they unsubscribe', () => {
    const store = createFormStore(signup, blank)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.change('name', 'J')
    expect(listener).toHaveBeenCalledOnce()
    unsubscribe()
    store.change('name', 'Jo')
    expect(listener).toHaveBeenCalledOnce()
  })

  test('state keeps its identity between changes, as useSyncExternalStore requires', () => {
    const store = createFormStore(signup, blank)
    const before = store.getState()
    expect(store.getState()).toBe(before)
    store.change('name', 'J')
    expect(store.getState()).not.toBe(before)
  })

  test('the initial values are copied, not shared', () => {
    const initial = { ...blank }
    const store = createFormStore(signup, initial)
    store.change('name', 'Jane')
    expect(initial.name).toBe('')
  })

  test('setSpec makes later checks use the new rules', () => {
    const store = createFormStore(signup, blank)
    store.setSpec({ ...signup, name: { label: 'Name', rules: 'required|min:3' } })
    store.blur('name')
    store.change('name', 'Jo')
    vi.advanceTimersByTime(20)
    expect(store.getState().errors.name).toBe('Name must be at least 3 characters.')
  })
})

describe('fieldProps', () => {
  test('binds value and handlers and points at the error only when there is one', () => {
    const store = createFormStore(signup, { ...blank, email: 'jane' })
    const clean = fieldProps(store, store.getState(), 'email')
    expect(clean).toMatchObject({ name: 'email', value: 'jane', 'aria-invalid': false, 'aria-describedby': undefined })

    clean.onBlur()
    const invalid = fieldProps(store, store.getState(), 'email')
    expect(invalid).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'email-error' })

    invalid.onChange({ target: { value: 'jane@example.com' } })
    expect(fieldProps(store, store.getState(), 'email').value).toBe('jane@example.com')
    vi.advanceTimersByTime(20)
    expect(fieldProps(store, store.getState(), 'email')['aria-invalid']).toBe(false)
  })
})
