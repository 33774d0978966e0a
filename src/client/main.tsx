import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

/** Resolves in a later task: the steps of starting never add up to one long task. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

// A page that arrives rendered (the home page) is painted before its script is even asked for,
// so the script never holds up the first paint on a slow network (docs/decisions/0007).
if (root.hasChildNodes()) await new Promise((painted) => requestAnimationFrame(painted)).then(nextTask)
const { createApp, mountApp } = await import('./app.tsx')
await nextTask()
const app = createApp()
await nextTask()
mountApp(root, app)
