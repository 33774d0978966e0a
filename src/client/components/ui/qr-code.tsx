import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

/** The white border a reader needs around the code, in modules (the QR standard asks for four). */
const QUIET_ZONE = 4

/**
 * A QR code of `value`, drawn as SVG so it stays sharp on any screen and in print. `label` is
 * its text alternative: what the code is and what to do with it. Medium error correction keeps
 * it readable from a phone held at a counter, glare and all.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { path, extent } = useMemo(() => {
    const code = qrcode(0, 'M')
    code.addData(value)
    code.make()
    const count = code.getModuleCount()
    let d = ''
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (code.isDark(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`
    }
    return { path: d, extent: count + 2 * QUIET_ZONE }
  }, [value])
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${extent} ${extent}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
