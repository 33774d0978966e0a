import { expect, test } from 'vitest'
import { renderPage } from '../../render-page.tsx'
import { testSite } from '../../render-fixtures.ts'

/*
 * Reset Password opened without its one-time link, as the server renders it (render-page.tsx): it
 * says where a link comes from, and never points to a reset email on a site that sends none.
 */

test('without a link and without a mail server, points to the front desk, not to an email never sent', async () => {
  const { html } = await renderPage({ ...testSite, sendsEmail: false }, '/resetPassword', [])
  expect(html).toContain('This page opens from a one-time link to choose a password. Email is not set up on this site: ask at the front desk, where staff can give you a link.')
  expect(html).not.toContain('email.')
  expect(html).not.toContain('Ask for a new link')
})

test('without a link on a site that sends email, asks for a new reset email', async () => {
  const { html } = await renderPage({ ...testSite, sendsEmail: true }, '/resetPassword', [])
  expect(html).toMatch(/This page opens from the link in a password reset email\. <a [^>]*href="\/forgotPassword"[^>]*>Ask for a new link<\/a>/)
})
