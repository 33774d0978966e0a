interface PhotoChoiceProps {
  /** The child's first name; null for the account holder. */
  who: string | null
  /** Where the photos are taken: "at sessions", "at camp". */
  at: string
  /** The radio group's name, unique on the page. */
  name: string
  value: boolean | undefined
  error: string | undefined
  onChange(allowed: boolean): void
}

/** Whether the facility may take photos of a participant: asked of each one, never assumed. */
export function PhotoChoice({ who, at, name, value, error, onChange }: PhotoChoiceProps) {
  const errorId = `${name}-error`
  return (
    <fieldset className="signup-child-choice" aria-describedby={error ? errorId : undefined}>
      <legend>Photos</legend>
      <label className="signup-radio">
        <input type="radio" name={name} checked={value === true} onChange={() => onChange(true)} />
        <span>The facility may take photos of {who ?? 'me'} {at} and use them on its website and social media</span>
      </label>
      <label className="signup-radio">
        <input type="radio" name={name} checked={value === false} onChange={() => onChange(false)} />
        <span>No photos of {who ?? 'me'}, please</span>
      </label>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
