import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

/** Resolves in a later task: the steps of starting never add up to one long task. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

/**
 * Resolves once the browser reports the page's first contentful paint; after a second at most,
 * for a browser that does not report paints or a tab that is not painting.
 */
const firstContentfulPaint = () =>
  new Promise<void>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      resolve()
    })
    observer.observe({ type: 'paint', buffered: true })
    setTimeout(resolve, 1000)
  })

// A page that arrives rendered (the home page) is painted before its script is even asked for,
// so the script never holds up the first paint on a slow network (docs/decisions/0007).
if (root.hasChildNodes()) await firstContentfulPaint().then(nextTask)
const { createApp, mountApp } = await import('./app.tsx')
await nextTask()
const app = createApp()
await nextTask()
mountApp(root, app)
