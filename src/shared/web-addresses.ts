/**
 * A web address in an email's plain text, as a mail reader finds one: from http(s):// to the
 * next space, quote or angle bracket, without the punctuation that ends its sentence.
 */
const WEB_ADDRESS = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/

/** The text cut at its web addresses: text, address, text, address, …, text (an address at every odd index). */
export function splitAtWebAddresses(text: string): string[] {
  return text.split(WEB_ADDRESS)
}

/**
 * The web addresses in `text` that lead to the site at `siteUrl` (the same scheme, host and
 * port), each once: the links the site's own emails write. Any other address in an email came
 * from text someone typed (a child's or a team's name), so it is never shown as a link.
 */
export function siteAddressesIn(text: string, siteUrl: string): string[] {
  const site = new URL(siteUrl).origin
  const found = splitAtWebAddresses(text).filter((part, i) => i % 2 === 1 && originOf(part) === site)
  return [...new Set(found)]
}

function originOf(address: string): string | null {
  try {
    return new URL(address).origin
  } catch {
    return null
  }
}
