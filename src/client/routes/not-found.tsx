import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { href } from '../../shared/paths.ts'
import { siteConfig } from '../site-config.ts'

export function NotFoundPage() {
  const { pathname } = useLocation()
  useEffect(() => {
    document.title = `Page Not Found | ${siteConfig.facilityName}`
  }, [])
  return (
    <section className="page not-found">
      <h1>Page Not Found</h1>
      <p>
        The path <code>{pathname}</code> could not be found.
      </p>
      <p>
        <Link to={href('home')}>Return to Home</Link>
      </p>
    </section>
  )
}
