import { useEffect, useRef, type ReactNode } from 'react'

/**
 * What a person sees after asking for an emailed link (Create Account, Forgot Password): the
 * server's answer, where it went, and a way to try another address. Focus moves to the message
 * so screen readers announce it.
 */
export function CheckYourEmail({ email, message, onRetry, children }: { email: string; message: string; onRetry: () => void; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="alert alert-success" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Check your email
      </h2>
      <p>{message}</p>
      <p>
        We sent it to <strong>{email}</strong>. {children}
      </p>
      <p>
        No email after a few minutes? Look in your spam folder, or{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          try again
        </button>
        .
      </p>
    </div>
  )
}
