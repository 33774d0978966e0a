import { useState } from 'react'
import type { MessageAudiences, MessageDraft, MessagePreview, SentMessage } from '../../../shared/contracts/messages.ts'
import { MESSAGE_WHOM_LABELS, SUBJECT_MAX, TEXT_MAX, type MessageWhom } from '../../../shared/messages.ts'
import { countOf } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { siteConfig } from '../../site-config.ts'
import { usePreviewMessage } from './api/use-preview-message.ts'
import { useSendMessage } from './api/use-send-message.ts'

/** A choice of the To list, `league:<id>`, `league:<id>:waitlist`, `team:<id>`: the audience it names. */
function audienceOf(value: string): MessageDraft['audience'] | null {
  const [kind, id, waitlist] = value.split(':')
  if (!id || (kind !== 'league' && kind !== 'team' && kind !== 'academy' && kind !== 'camp')) return null
  return { kind, id, waitlist: waitlist === 'waitlist' }
}

const takesCaptains = (audience: MessageDraft['audience'] | null) => audience !== null && (audience.kind === 'league' || audience.kind === 'team') && !audience.waitlist

/**
 * Staff write a message: whom it is to, a subject and a text; Preview says how many it reaches
 * (and how many unsubscribed are left out) and shows the email one of them receives, foot and
 * all; Send is offered for what was previewed, and sends it through the outbox.
 */
export function MessageForm({ audiences }: { audiences: MessageAudiences }) {
  const [to, setTo] = useState('')
  const [whom, setWhom] = useState<MessageWhom>('participants')
  const [subject, setSubject] = useState('')
  const [text, setText] = useState('')
  const [previewed, setPreviewed] = useState<{ key: string; answer: MessagePreview } | null>(null)
  const [sent, setSent] = useState<SentMessage | null>(null)
  const preview = usePreviewMessage()
  const send = useSendMessage()

  const audience = audienceOf(to)
  const draft: MessageDraft | null = audience && { audience, whom, subject, text }
  const key = JSON.stringify(draft)
  const current = previewed?.key === key ? previewed.answer : null
  const error = send.error ?? preview.error

  const chooseTo = (value: string) => {
    setTo(value)
    if (whom === 'captains' && !takesCaptains(audienceOf(value))) setWhom('participants')
  }

  return (
    <form
      className="message-form"
      aria-labelledby="message-form-heading"
      onSubmit={(e) => {
        e.preventDefault()
        if (!draft) return
        send.reset()
        setSent(null)
        preview.mutate(draft, { onSuccess: (answer) => setPreviewed({ key, answer }) })
      }}
    >
      <h2 id="message-form-heading">Write a message</h2>
      <div className="field">
        <label htmlFor="message-to">To</label>
        <select id="message-to" value={to} onChange={(e) => chooseTo(e.target.value)} required>
          <option value="">Choose a league, team, academy or camp</option>
          <optgroup label="Leagues and their teams">
            {audiences.leagues.flatMap((league) => [
              <option key={league.id} value={`league:${league.id}`}>
                {league.name}
              </option>,
              <option key={`${league.id}:waitlist`} value={`league:${league.id}:waitlist`}>
                {league.name}: waitlist
              </option>,
              ...league.teams.map((team) => (
                <option key={team.id} value={`team:${team.id}`}>
                  {league.name}: team {team.name}
                </option>
              )),
            ])}
          </optgroup>
          {(['academies', 'camps'] as const).map((list) => (
            <optgroup key={list} label={list === 'academies' ? 'Academies' : 'Camps'}>
              {audiences[list].flatMap((program) => {
                const kind = list === 'academies' ? 'academy' : 'camp'
                return [
                  <option key={program.id} value={`${kind}:${program.id}`}>
                    {program.name}
                  </option>,
                  <option key={`${program.id}:waitlist`} value={`${kind}:${program.id}:waitlist`}>
                    {program.name}: waitlist
                  </option>,
                ]
              })}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="message-whom">Whom</label>
        <select id="message-whom" value={whom} onChange={(e) => setWhom(e.target.value as MessageWhom)}>
          <option value="participants">{MESSAGE_WHOM_LABELS.participants} (a child’s through their guardian)</option>
          <option value="guardians">{MESSAGE_WHOM_LABELS.guardians}</option>
          {takesCaptains(audience) && <option value="captains">{MESSAGE_WHOM_LABELS.captains}</option>}
        </select>
      </div>
      <div className="field">
        <label htmlFor="message-subject">Subject</label>
        <input id="message-subject" value={subject} onChange={(e) => setSubject(e.target.value)} required maxLength={SUBJECT_MAX} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="message-text">Message</label>
        <textarea id="message-text" rows={8} value={text} onChange={(e) => setText(e.target.value)} required maxLength={TEXT_MAX} />
      </div>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {sent && (
        <Alert tone="success">
          Sent to {countOf(sent.recipients, 'address', 'addresses')}: “{sent.subject}” is on its way, and on the list below.
        </Alert>
      )}
      <div className="staff-actions">
        <button type="submit" className="button secondary" disabled={preview.isPending}>
          Preview
        </button>
        {current && current.reaches > 0 && draft && (
          <button
            type="button"
            className="button"
            disabled={send.isPending}
            onClick={() =>
              send.mutate(draft, {
                onSuccess: ({ message }) => {
                  setSent(message)
                  setPreviewed(null)
                  setSubject('')
                  setText('')
                },
              })
            }
          >
            Send to {countOf(current.reaches, 'address', 'addresses')}
          </button>
        )}
      </div>
      {current && <PreviewOf preview={current} />}
    </form>
  )
}

function PreviewOf({ preview }: { preview: MessagePreview }) {
  return (
    <section className="message-preview" aria-labelledby="message-preview-heading">
      <h3 id="message-preview-heading">Preview</h3>
      <p aria-live="polite">
        Reaches {countOf(preview.reaches, 'address', 'addresses')}, each once
        {preview.skipped > 0 && `; ${countOf(preview.skipped, 'address', 'addresses')} that unsubscribed ${preview.skipped === 1 ? 'is' : 'are'} left out`}.
      </p>
      {preview.sample && (
        <div className="mail-reader message-sample">
          <dl className="mail-headers">
            <div>
              <dt>From</dt>
              <dd>{siteConfig.facilityName}</dd>
            </div>
            <div>
              <dt>To</dt>
              <dd>{preview.sample.to}</dd>
            </div>
            <div>
              <dt>Subject</dt>
              <dd>{preview.sample.subject}</dd>
            </div>
          </dl>
          <div className="mail-body">{preview.sample.text}</div>
        </div>
      )}
    </section>
  )
}
