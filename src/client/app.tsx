import { startTransition, StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { readStored, SessionProvider } from './lib/session.tsx'
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
 * that arrives rendered for a visitor (the home page, render-home.tsx) is taken over as it is;
 * a browser that remembers a signed-in user renders its own view in its place.
 */
export function mountApp(root: HTMLElement, app: ReactNode): void {
  startTransition(() => {
    if (root.hasChildNodes() && readStored() === null) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
}
