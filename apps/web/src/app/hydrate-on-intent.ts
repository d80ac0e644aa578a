// Pages a signed-out visitor mostly reads and leaves by a link (home, categories, blogs) arrive without loading their
// JavaScript: the server's HTML is the whole page, and its links work as links. The scripts that would hydrate it are
// kept in the HTML, inert inside a <template>, and start at the visitor's first touch, key or click; a button pressed
// before the page has taken over is pressed again once it has (docs/decisions/016).

/** A route module's `handle` that asks for this: `export const handle = hydrateOnIntent`. */
export const hydrateOnIntent = { hydrate: 'on-intent' } as const

/** True when one of the page's routes asks to hydrate on intent. */
export const wantsHydrateOnIntent = (handles: unknown[]) =>
  handles.some((handle) => (handle as { hydrate?: unknown } | undefined)?.hydrate === hydrateOnIntent.hydrate)

/** The inert copy of the page's scripts (a browser test triggers it by its id: e2e/harness.ts). */
export const DEFERRED_SCRIPTS_ID = 'deferred-scripts'

/**
 * Runs in the browser, inline in the page (its source is written into the HTML). Nothing is loaded until the visitor
 * acts; then the template's preloads go to the head and its scripts take the template's place, so the document React
 * hydrates is the one a page with ordinary scripts has.
 */
function startOnIntent(templateId: string) {
  document.currentScript?.remove()
  const template = document.getElementById(templateId)
  if (!(template instanceof HTMLTemplateElement)) return
  const root = document.documentElement
  const intents = ['pointerdown', 'keydown', 'touchstart']
  let pressed: HTMLElement | undefined
  const start = () => {
    for (const type of intents) removeEventListener(type, start, true)
    if (!template.isConnected) return
    // cloned into this document, the scripts run when inserted (the template's own never would)
    const scripts = document.importNode(template.content, true)
    for (const link of scripts.querySelectorAll('link[rel="modulepreload"]')) document.head.append(link)
    template.replaceWith(scripts)
  }
  // a link still navigates as a link; a button's click is kept for the page that can answer it
  const keepPress = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button, summary, [role="button"]') : null
    if (!(target instanceof HTMLElement)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    pressed = target
    start()
  }
  for (const type of intents) addEventListener(type, start, { capture: true, passive: true })
  addEventListener('click', keepPress, true)
  new MutationObserver((_, observer) => {
    if (root.dataset.hydrated !== 'true') return
    observer.disconnect()
    removeEventListener('click', keepPress, true)
    if (pressed?.isConnected) pressed.click()
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] })
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')

/**
 * The server's HTML with the page's scripts made inert: React Router's preloads (React places them in the head) and
 * its inline scripts (the last ones in the body) move into a <template>, and the inline starter above follows it.
 * A page whose scripts are not where this expects them is returned unchanged: it hydrates at once, as any page does.
 */
export function deferScripts(html: string, nonce: string): string {
  const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? []
  const start = html.search(/<script[^>]*>window\.__reactRouterContext = /)
  const end = html.lastIndexOf('</body>')
  if (start < 0 || end < start) return html
  const scripts = html.slice(start, end)
  const page = html.slice(0, start).replace(/<link rel="modulepreload"[^>]*>/g, '')
  const starter = `(${startOnIntent.toString()})(${JSON.stringify(DEFERRED_SCRIPTS_ID)})`
  return (
    `${page}<template id="${DEFERRED_SCRIPTS_ID}">${preloads.join('')}${scripts}</template>` +
    `<script nonce="${escapeAttribute(nonce)}">${starter}</script>${html.slice(end)}`
  )
}
