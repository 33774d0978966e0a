import { formatDate } from '../../shared/format.ts'
import type { WaiverDocument } from '../../shared/contracts/waiver.ts'

/** The waiver as readable text: staff write it as plain text with blank lines between paragraphs. */
export function WaiverText({ waiver }: { waiver: WaiverDocument }) {
  const paragraphs = waiver.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
  return (
    <>
      <p className="waiver-version">
        Version {waiver.version}, published {formatDate(waiver.publishedAt)}
      </p>
      <div className="waiver-text">
        {paragraphs.map((paragraph, i) => (
          // The text is static between renders, so its order is a stable key.
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </>
  )
}
