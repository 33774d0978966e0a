import { startTransition, StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { pageUser, readStored, SessionProvider } from './lib/session.tsx'
import { createRouter } from './router.tsx'

export function createApp(): ReactNode {
  return (
    <StrictMode>
      <SessionProvider>
        <RouterProvider router={createRouter()} />
      </SessionProvider>
    </StrictMode>
  )
}

/**
 * Renders the app into `root`. In a transition, rendering comes in slices that give the main
 * thread back in between, so a slow phone never sees one long task (docs/decisions/0007). A page
 * that arrives rendered is taken over as it is when it was rendered for the person the browser
 * starts with: the signed-in person it names, or a visitor in a browser that remembers nobody.
 * A browser that remembers a signed-in user renders its own view in place of a visitor's page.
 */
export function mountApp(root: HTMLElement, app: ReactNode): void {
  startTransition(() => {
    if (root.hasChildNodes() && (pageUser !== undefined || readStored() === null)) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
}
