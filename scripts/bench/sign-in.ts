/** A person's session cookie on the server at `port`, as the site's own Sign In form gets it. */
export async function sessionCookie(port: number, { email, password }: { email: string; password: string }): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`signing in answered ${res.status}: ${await res.text()}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
