import { afterEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { phoneE164 } from '../phone.ts'
import {
  FORM_MESSAGES,
  INPUT_DELAY_MS,
  type FieldSpec,
  fieldDependencies,
  isEmpty,
  normalisedForm,
  normalisedValue,
  usePhoneReader,
  validateField,
  validateForm,
} from './rules.ts'

// The server's phone reader (src/server/http/forms.ts installs it): the rules as the server applies them.
usePhoneReader(phoneE164)

function check(rules: FieldSpec['rules'], value: unknown, label = 'Field'): string | null {
  return validateField({ label, rules }, value)
}

describe('constants', () => {
  test('default form messages and input delay match product §5', () => {
    expect(FORM_MESSAGES.invalid).toBe('Sorry, not all fields are filled out correctly.')
    expect(FORM_MESSAGES.incomplete).toBe('Form incomplete.')
    expect(INPUT_DELAY_MS).toBe(20)
  })
})

describe('isEmpty', () => {
  test.each([undefined, null, '', '   ', '\n\t'])('%j is empty', (value) => {
    expect(isEmpty(value)).toBe(true)
  })

  test.each(['a', ' a ', 0, 12])('%j is not empty', (value) => {
    expect(isEmpty(value)).toBe(false)
  })
})

describe('required', () => {
  test('fails on empty values with "X is required."', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(check('required', value, 'Email')).toBe('Email is required.')
    }
  })

  test('passes on text and numbers, including 0', () => {
    expect(check('required', 'x')).toBeNull()
    expect(check('required', 0)).toBeNull()
  })
})

describe('empty optional fields', () => {
  test('every rule but required passes on an empty value', () => {
    const rules = [
      'email', 'min:3', 'max:3', 'length:3', 'between:1,3', 'confirm:other', 'date',
      'date_after:today', 'date_before:2000-01-01', 'url', 'numeric', 'integer', 'phone',
      'alpha', 'alpha_num', 'in:a,b',
    ]
    for (const rule of rules) {
      expect(validateField({ label: 'Field', rules: rule }, '  ', { other: 'x' })).toBeNull()
    }
  })
})

describe('email', () => {
  const valid = ['jane@example.com', 'jane.doe+club@mail.example.co.uk', '  jane@example.com  ', "o'neil@example.com", 'Ann.Lee@Example.COM']
  test.each(valid)('accepts %s', (value) => {
    expect(check('email', value)).toBeNull()
  })

  const invalid = [
    'jane', 'jane@', '@example.com', 'jane@example', 'jane@exa mple.com', 'jane@@example.com', 'jane@example.c',
    // Address literals, bare addresses and names that are not hosts' (issue 21).
    'x@[127.0.0.1]', 'x@127.0.0.1', 'x@localhost', 'x@-example.com', 'x@example-.com', 'x@exa_mple.com', 'x@example.com.',
    // What the authentication library refuses at sign-in: an account made with one could never sign in (issue 30).
    'cyr\u0456@probe.test', 'uni@ex\u00e4mple.test', '"q"@probe.test', 'jo@münchen-sport.de', 'ann@xn--80ak6aa92e.xn--p1ai', '.jane@example.com', 'jane..doe@example.com', 'jane.@example.com',
  ]
  test.each(invalid)('rejects %s with the default message', (value) => {
    expect(check('email', value)).toBe('Please enter a valid email address.')
  })

  test('accepts nothing the authentication library refuses at sign-in (zod’s z.email())', () => {
    for (const value of [...valid, ...invalid]) {
      if (check('email', value) === null) expect(z.email().safeParse(value.trim().toLowerCase()).success, value).toBe(true)
    }
  })
})

describe('min, max, length and between on text', () => {
  test('min counts characters', () => {
    expect(check('min:6', 'abcdef', 'Password')).toBeNull()
    expect(check('min:6', 'abcde', 'Password')).toBe('Password must be at least 6 characters.')
    expect(check('min:1', '  ', 'Name')).toBeNull()
  })

  test('min uses the singular for one character', () => {
    expect(check('min:1', 'a')).toBeNull()
    expect(validateField({ label: 'Initial', rules: 'min:2' }, 'a')).toBe('Initial must be at least 2 characters.')
    expect(validateField({ label: 'Code', rules: 'length:1' }, 'ab')).toBe('Code must be exactly 1 character.')
  })

  test('max counts characters', () => {
    expect(check('max:3', 'abc', 'Code')).toBeNull()
    expect(check('max:3', 'abcd', 'Code')).toBe('Code must be at most 3 characters.')
  })

  test('length requires an exact count', () => {
    expect(check('length:5', '12345', 'ZIP code')).toBeNull()
    expect(check('length:5', '1234', 'ZIP code')).toBe('ZIP code must be exactly 5 characters.')
    expect(check('length:5', '123456', 'ZIP code')).toBe('ZIP code must be exactly 5 characters.')
  })

  test('length counts digits even on a numeric field', () => {
    expect(check('numeric|length:5', '02134', 'ZIP code')).toBeNull()
    expect(check('numeric|length:5', '2134', 'ZIP code')).toBe('ZIP code must be exactly 5 characters.')
  })

  test('between counts characters inclusively', () => {
    expect(check('between:2,4', 'ab', 'Team name')).toBeNull()
    expect(check('between:2,4', 'abcd', 'Team name')).toBeNull()
    expect(check('between:2,4', 'a', 'Team name')).toBe('Team name must be between 2 and 4 characters.')
    expect(check('between:2,4', 'abcde', 'Team name')).toBe('Team name must be between 2 and 4 characters.')
  })

  test('surrounding spaces are trimmed and an emoji counts as one character', () => {
    expect(check('max:3', '  abc  ')).toBeNull()
    expect(check('length:2', 'a⚽')).toBeNull()
    expect(check('length:2', 'a😀')).toBeNull()
  })
})

describe('min, max and between on numeric fields', () => {
  test('min compares the value', () => {
    expect(check('numeric|min:6', '6', 'Age')).toBeNull()
    expect(check('numeric|min:6', '12', 'Age')).toBeNull()
    expect(check('numeric|min:6', '5', 'Age')).toBe('Age must be 6 or more.')
    // As a length, "5.5" would have passed min:3.
    expect(check('numeric|min:6', '5.5', 'Age')).toBe('Age must be 6 or more.')
  })

  test('max compares the value', () => {
    expect(check('integer|max:18', '18', 'Age')).toBeNull()
    expect(check('integer|max:18', '100', 'Age')).toBe('Age must be 18 or less.')
    expect(check('integer|max:18', 19, 'Age')).toBe('Age must be 18 or less.')
  })

  test('between compares the value', () => {
    expect(check('numeric|between:5,10', 5, 'Team size')).toBeNull()
    expect(check('numeric|between:5,10', '10', 'Team size')).toBeNull()
    expect(check('numeric|between:5,10', '11', 'Team size')).toBe('Team size must be between 5 and 10.')
    expect(check('numeric|between:5,10', '-1', 'Team size')).toBe('Team size must be between 5 and 10.')
  })

  test('the rule order does not matter and a non-number gets the numeric message', () => {
    expect(check('min:6|numeric', '3', 'Age')).toBe('Age must be 6 or more.')
    expect(check('min:6|numeric', 'abc', 'Age')).toBe('Age must be a number.')
  })

  test('without numeric or integer the same rules measure length', () => {
    expect(check('min:6', '5')).toBe('Field must be at least 6 characters.')
    expect(check('max:18', '100')).toBeNull()
  })
})

describe('confirm', () => {
  const form = {
    password: { label: 'Password', rules: 'required|min:6' },
    passwordConfirm: { label: 'Confirm password', rules: 'required|confirm:password' },
  }

  test('passes when the values match, trimmed', () => {
    expect(validateField(form.passwordConfirm, 'secret1', { password: 'secret1' }, form)).toBeNull()
    expect(validateField(form.passwordConfirm, 'secret1 ', { password: ' secret1' }, form)).toBeNull()
  })

  test('fails with "X must match Y." using the other label', () => {
    expect(validateField(form.passwordConfirm, 'secret2', { password: 'secret1' }, form)).toBe(
      'Confirm password must match Password.',
    )
  })

  test('names the other field by its key when no form is given', () => {
    expect(validateField(form.passwordConfirm, 'secret2', { password: 'secret1' })).toBe(
      'Confirm password must match password.',
    )
  })
})

describe('date', () => {
  test.each(['2027-01-15', '2028-02-29', ' 2027-12-31 '])('accepts %s', (value) => {
    expect(check('date', value)).toBeNull()
  })

  test.each(['2027-02-29', '2027-13-01', '2027-00-10', '2027-04-31', '1/15/2027', '2027-1-5', 'soon'])(
    'rejects %s',
    (value) => {
      expect(check('date', value, 'Birth date')).toBe('Birth date must be a valid date.')
    },
  )
})

describe('date_after and date_before', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const form = {
    startDate: { label: 'Start date', rules: 'required|date' },
    endDate: { label: 'End date', rules: 'required|date|date_after:startDate' },
    registrationDate: { label: 'Registration date', rules: 'required|date|date_before:startDate' },
  }

  test('compare against another field and name it by label', () => {
    const values = { startDate: '2027-03-01' }
    expect(validateField(form.endDate, '2027-03-02', values, form)).toBeNull()
    expect(validateField(form.endDate, '2027-03-01', values, form)).toBe('End date must be after Start date.')
    expect(validateField(form.endDate, '2026-12-31', values, form)).toBe('End date must be after Start date.')
    expect(validateField(form.registrationDate, '2027-02-28', values, form)).toBeNull()
    expect(validateField(form.registrationDate, '2027-03-01', values, form)).toBe(
      'Registration date must be before Start date.',
    )
  })

  test('pass while the other field holds no date, which reports its own error', () => {
    expect(validateField(form.endDate, '2027-03-02', { startDate: '' }, form)).toBeNull()
    expect(validateField(form.endDate, '2027-03-02', { startDate: 'soon' }, form)).toBeNull()
  })

  test('compare against a literal date shown in en-US form', () => {
    const spec = { label: 'Birth date', rules: 'date_after:2000-01-15|date_before:2027-01-15' }
    expect(validateField(spec, '2010-06-01')).toBeNull()
    expect(validateField(spec, '2000-01-15')).toBe('Birth date must be after 1/15/2000.')
    expect(validateField(spec, '2027-01-15')).toBe('Birth date must be before 1/15/2027.')
  })

  test('compare against today', () => {
    vi.useFakeTimers({ now: new Date(2027, 0, 15, 12) })
    const future = { label: 'Start date', rules: 'date_after:today' }
    const past = { label: 'Birth date', rules: 'date_before:today' }
    expect(validateField(future, '2027-01-16')).toBeNull()
    expect(validateField(future, '2027-01-15')).toBe('Start date must be after today.')
    expect(validateField(past, '2027-01-14')).toBeNull()
    expect(validateField(past, '2027-01-15')).toBe('Birth date must be before today.')
  })

  test('today is the local calendar day, even just before midnight', () => {
    vi.useFakeTimers({ now: new Date(2027, 0, 15, 23, 59) })
    expect(validateField({ label: 'Start date', rules: 'date_after:today' }, '2027-01-16')).toBeNull()
  })

  test('fail on a value that is not a date', () => {
    expect(check('date_after:2000-01-01', '2030-02-30', 'Start date')).toBe('Start date must be after 1/1/2000.')
  })
})

describe('url', () => {
  test.each(['https://example.com', 'http://example.com/path?q=1', 'HTTPS://Example.com', 'https://localhost:3000'])(
    'accepts %s',
    (value) => {
      expect(check('url', value)).toBeNull()
    },
  )

  const invalid = [
    'example.com', 'ftp://example.com', 'http:example.com', 'https://', 'https://exa mple.com', 'javascript:x',
  ]
  test.each(invalid)('rejects %s', (value) => {
    expect(check('url', value, 'Website')).toBe(
      'Website must be a valid web address starting with http:// or https://.',
    )
  })
})

describe('numeric and integer', () => {
  test.each(['0', '12', '-3', '+4', '1.5', '.5', '10.', 42, 2.5])('numeric accepts %j', (value) => {
    expect(check('numeric', value)).toBeNull()
  })

  test.each(['abc', '1e3', '0x10', 'Infinity', '1,000', '1.2.3', '-', Number.NaN])('numeric rejects %j', (value) => {
    expect(check('numeric', value, 'Fee')).toBe('Fee must be a number.')
  })

  test.each(['0', '12', '-3', 7])('integer accepts %j', (value) => {
    expect(check('integer', value)).toBeNull()
  })

  test.each(['1.5', 'abc', '1e3', 2.5])('integer rejects %j', (value) => {
    expect(check('integer', value, 'Age')).toBe('Age must be a whole number.')
  })
})

describe('phone', () => {
  test.each(['(555) 123-4567', '555.123.4567', '5551234567', '+1 555 123 4567', '+44 20 7946 0958'])(
    'accepts %s',
    (value) => {
      expect(check('phone', value)).toBeNull()
    },
  )

  test.each(['5551234', '555123', '123456789012345', '1234567890123456', '555-CALL-NOW', '1+5551234567', '555_123_4567', '555\n123 4567', '555\t123\t4567'])('rejects %j', (value) => {
    expect(check('phone', value)).toBe('Please enter a valid phone number with its area code, or + and the country code.')
  })
})

describe('line', () => {
  test.each(['José Núñez', "Zoë O'Brien-Smith", '李小龙', 'محمد\u200Cرضا', 'Family 👨\u200D👩\u200D👧'])('accepts %j', (value) => {
    expect(check('line', value, 'Name')).toBeNull()
  })

  test.each(['Ann\nLee', 'Ann\r\nLee', 'Ann\tLee', 'Ann\u0000', 'Ann \u202Egnp.exe', 'Ann\u2066x', 'Ann\u200BLee', 'Ann\u2028Lee', 'Ann\uFEFFLee'])(
    'rejects %j',
    (value) => {
      expect(check('line', value, 'Name')).toBe('Name must be one line of plain text, without tabs, line breaks or hidden characters.')
    },
  )

  test('an email with a hidden character is not valid', () => {
    expect(check('email', 'ann\u202E@example.com')).toBe('Please enter a valid email address.')
  })
})

describe('normalisedValue', () => {
  const field = (rules: string): FieldSpec => ({ label: 'Field', rules })
  test('trims every field and writes letters one way (NFC)', () => {
    expect(normalisedValue(field('max:10'), '  Jose\u0301  ')).toBe('José')
    expect(normalisedValue(field('max:10'), '  Jose\u0301  ').length).toBe(4)
  })

  test('one-line fields keep single spaces, phones become E.164; other text keeps its own', () => {
    expect(normalisedValue(field('required|line'), ' Ann    Lee ')).toBe('Ann Lee')
    expect(normalisedValue(field('phone'), '555  010   1234')).toBe('+15550101234')
    expect(normalisedValue(field('phone'), '+44 20  7946 0958')).toBe('+442079460958')
    expect(normalisedValue(field('phone'), '555  0100')).toBe('555 0100')
    expect(normalisedValue(field('max:1000'), 'Peanuts.\n\n  EpiPen  in bag')).toBe('Peanuts.\n\n  EpiPen  in bag')
  })

  test('emails are lower-cased', () => {
    expect(normalisedValue(field('required|email'), ' Ann.Lee@Example.COM ')).toBe('ann.lee@example.com')
  })

  test('numbers and booleans are read as text; anything else is empty', () => {
    expect(normalisedValue(field('phone'), 5550100100.0)).toBe('+15550100100')
    expect(normalisedValue(field('in:true,false'), true)).toBe('true')
    expect(normalisedValue(field('max:5'), { toString: () => 'x' })).toBe('')
    expect(normalisedValue(field('max:5'), null)).toBe('')
  })

  test('a form keeps only its declared fields', () => {
    const spec = { name: field('line'), email: field('email') }
    expect(normalisedForm(spec, { name: ' A  B ', email: 'X@Y.CO', role: 'admin' })).toEqual({ name: 'A B', email: 'x@y.co' })
  })
})

describe('alpha and alpha_num', () => {
  test('alpha accepts letters of any script only', () => {
    expect(check('alpha', 'José')).toBeNull()
    expect(check('alpha', 'Zoë')).toBeNull()
    expect(check('alpha', 'Jo3', 'First name')).toBe('First name may only contain letters.')
    expect(check('alpha', 'Mary Ann', 'First name')).toBe('First name may only contain letters.')
  })

  test('alpha_num accepts letters and digits only', () => {
    expect(check('alpha_num', 'Team7')).toBeNull()
    expect(check('alpha_num', 'team-7', 'Team code')).toBe('Team code may only contain letters and numbers.')
  })
})

describe('in', () => {
  test('accepts only a listed value', () => {
    expect(check('in:soccer,basketball', 'soccer')).toBeNull()
    expect(check(['in:soccer, basketball'], 'basketball')).toBeNull()
    expect(check('in:soccer,basketball', 'golf', 'Sport')).toBe('Sport must be one of: soccer, basketball.')
  })
})

describe('validateField', () => {
  test('returns the first failing rule in order', () => {
    expect(check('required|email', '', 'Email')).toBe('Email is required.')
    expect(check('required|email', 'jane', 'Email')).toBe('Please enter a valid email address.')
    expect(check(['required', 'email'], 'jane@example.com')).toBeNull()
  })

  test('a custom message replaces the default by rule name', () => {
    const spec = {
      label: 'Password',
      rules: 'required|min:6',
      messages: { min: 'The password must be 6 characters long or more' },
    }
    expect(validateField(spec, 'abc')).toBe('The password must be 6 characters long or more')
    expect(validateField(spec, '')).toBe('Password is required.')
    expect(validateField(spec, 'abcdef')).toBeNull()
  })

  test('a field without rules always passes', () => {
    expect(check('', 'anything')).toBeNull()
    expect(check([], '')).toBeNull()
  })

  test('unknown rules throw, even on an empty value', () => {
    expect(() => check('required|emial', 'jane@example.com')).toThrow('Unknown validation rule "emial"')
    expect(() => check('emial', '')).toThrow('Unknown validation rule "emial"')
    expect(() => check('required|', 'x')).toThrow('Unknown validation rule ""')
    expect(() => check('constructor', 'x')).toThrow('Unknown validation rule "constructor"')
  })

  test('malformed arguments throw', () => {
    const malformed = ['min', 'min:', 'min:six', 'between:1', 'required:yes', 'in:', 'confirm', 'date_after:2027-02-30']
    for (const rules of malformed) {
      expect(() => check(rules, 'value')).toThrow()
    }
  })
})

describe('fieldDependencies', () => {
  test('lists the fields confirm and the date rules read', () => {
    expect(fieldDependencies({ label: 'Confirm', rules: 'required|confirm:password' })).toEqual(['password'])
    expect(fieldDependencies({ label: 'End', rules: 'date|date_after:startDate|date_before:2030-01-01' })).toEqual([
      'startDate',
    ])
    expect(fieldDependencies({ label: 'Start', rules: 'date_after:today' })).toEqual([])
  })
})

describe('validateForm', () => {
  const spec = {
    name: { label: 'Name', rules: 'required' },
    email: { label: 'Email', rules: 'required|email' },
    website: { label: 'Website', rules: 'url' },
  }

  test('is valid with no errors and no message', () => {
    expect(validateForm(spec, { name: 'Jane', email: 'jane@example.com', website: '' })).toEqual({
      valid: true,
      errors: {},
      message: null,
    })
  })

  test('says "Form incomplete." when a required field is empty', () => {
    expect(validateForm(spec, { name: '', email: 'jane', website: '' })).toEqual({
      valid: false,
      errors: { name: 'Name is required.', email: 'Please enter a valid email address.' },
      message: 'Form incomplete.',
    })
  })

  test('treats missing values as empty', () => {
    expect(validateForm(spec, {}).message).toBe(FORM_MESSAGES.incomplete)
  })

  test('says "Sorry, not all fields are filled out correctly." when filled but invalid', () => {
    expect(validateForm(spec, { name: 'Jane', email: 'jane@example.com', website: 'nope' })).toEqual({
      valid: false,
      errors: { website: 'Website must be a valid web address starting with http:// or https://.' },
      message: 'Sorry, not all fields are filled out correctly.',
    })
  })

  test('an empty optional field does not make the form incomplete', () => {
    const result = validateForm(
      { ...spec, website: { label: 'Website', rules: 'url|min:5' } },
      { name: 'Jane', email: 'jane', website: '' },
    )
    expect(result.message).toBe(FORM_MESSAGES.invalid)
  })

  test('cross-field rules see the other values and labels', () => {
    const signup = {
      password: { label: 'Password', rules: 'required|min:6' },
      passwordConfirm: { label: 'Confirm password', rules: 'required|confirm:password' },
    }
    expect(validateForm(signup, { password: 'secret1', passwordConfirm: 'secret2' }).errors).toEqual({
      passwordConfirm: 'Confirm password must match Password.',
    })
  })
})
