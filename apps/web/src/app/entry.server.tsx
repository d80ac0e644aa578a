import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { NonceContext } from '@/lib/nonce'
import { mayBeSignedIn } from '@/lib/server-api.server'
import { deferScripts, wantsHydrateOnIntent } from './hydrate-on-intent'

/** A render still waiting on lazy parts after this is cut short (the browser finishes it). */
export const streamTimeout = 5_000

/**
 * The page's content is in its HTML: what its first paint waits on is the stylesheet (and a product's photo, which
 * React preloads at high priority). The scripts that hydrate it are preloaded at low priority, so that on a slow
 * connection they do not share the first round trips with those (decision 015).
 */
const lowPriorityPreloads = (html: string) =>
  html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchPriority="low"')

/**
 * Renders a page to HTML for the Fastify server (apps/server modules/pages). The whole page is waited for (lazy parts
 * included) before the first byte: a search engine, a chat preview and a phone all get the content in the HTML, and
 * the server can cache and compress it as one piece. The framework's inline scripts carry the response's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext
  const handles = routerContext.staticHandlerContext.matches.map(
    (match) => routerContext.routeModules[match.route.id]?.handle,
  )
  // a signed-out visitor's reading page: its scripts wait for the visitor to act (./hydrate-on-intent.ts)
  const finish =
    status === 200 && !mayBeSignedIn(request) && wantsHydrateOnIntent(handles)
      ? (html: string) => deferScripts(html, nonce)
      : lowPriorityPreloads
  return new Promise<Response>((resolve, reject) => {
    let failed = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const body = new PassThrough()
          body.on('data', (chunk: Buffer) => chunks.push(chunk))
          body.on('end', () => {
            headers.set('Content-Type', 'text/html; charset=utf-8')
            resolve(
              new Response(finish(Buffer.concat(chunks).toString()), {
                status: failed ? 500 : status,
                headers,
              }),
            )
          })
          pipe(body)
        },
        onShellError: reject,
        onError(error) {
          failed = true
          if (!request.signal.aborted) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

// The Fastify server builds its request handler with the react-router this bundle carries (its production build), so
// that the handler and the pages share one copy of it (apps/server modules/pages/page-renderer.ts).
export { createRequestHandler } from 'react-router'
