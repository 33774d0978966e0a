import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { SessionProvider } from './features/session/session.tsx'
import { createRouter } from './router.tsx'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

createRoot(root).render(
  <StrictMode>
    <SessionProvider>
      <RouterProvider router={createRouter()} />
    </SessionProvider>
  </StrictMode>,
)
