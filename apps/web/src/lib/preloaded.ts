// The answers the server put into the page (docs/decisions/011): for the page first opened, the server runs the GET
// calls that page makes on its first load with the visitor's own cookie and writes their JSON into the HTML, in
// <script type="application/json" id="preloaded-answers">, keyed by the path exactly as this app asks for it. The API
// client takes each one instead of asking the network, once, and only early in the page's life; everything later
// goes to the server as usual.

/** Answers older than this (since the page started loading) are not used: the page asks the server again. */
const FRESH_MS = 30_000

let answers: Record<string, unknown> | undefined

function readAnswers(): Record<string, unknown> {
  const element = document.getElementById('preloaded-answers')
  element?.remove()
  try {
    return element?.textContent ? JSON.parse(element.textContent) : {}
  } catch (error) {
    console.error('Could not read the preloaded answers', error)
    return {}
  }
}

/** The server's answer to `GET /api{path}` written into this page, once; undefined when there is none (any more). */
export function takePreloaded(path: string): { data: unknown } | undefined {
  answers ??= readAnswers()
  if (!Object.hasOwn(answers, path) || performance.now() > FRESH_MS) return undefined
  const data = answers[path]
  delete answers[path]
  return { data }
}
