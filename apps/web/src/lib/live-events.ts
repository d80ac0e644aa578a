import {
  LAST_EVENT_ID_HEADER,
  LIVE_EVENT_TYPES,
  LIVE_READY_EVENT,
  type LiveEventType,
} from '@preloved/shared/live-names'
import { useEffect, useRef } from 'react'

/**
 * Live updates in the browser: one EventSource on GET /api/events per tab (the session cookie proves who
 * it is), shared by every component that listens; it reconnects with Last-Event-ID by itself. When the stream cannot
 * be had (no EventSource, the server refused it, or it keeps failing, as behind a proxy that buffers), the same
 * events are polled as JSON every POLL_MS from the last id seen, and the stream is tried again now and then. A 401
 * (signed out) stops both. Pages also refetch on an interval while the stream is down (`liveConnected()`), so
 * nothing depends on it to be correct.
 * Components use `useLiveEvent(type, handler)`; the handler gets the event's parsed `data`.
 */

type Handler = (data: Record<string, unknown>) => void

const POLL_MS = 10_000
/** While polling, the stream is tried again this often. */
const RETRY_STREAM_MS = 60_000
/** Errors within ERROR_WINDOW_MS after which a stream that keeps failing gives way to polling. */
const MAX_ERRORS = 3
const ERROR_WINDOW_MS = 60_000

const handlers = new Map<LiveEventType, Set<Handler>>()
let source: EventSource | undefined
let connected = false
let users = 0
/**
 * The last event id seen (stream or poll): where the next connection or poll starts. Ids number the signed-in user's
 * own events, so another user's (after a sign-out and in, in this tab) would replay or skip the wrong ones: forgotten
 * when the session ends.
 */
let lastId: string | undefined
let errors: number[] = []
let pollTimer: ReturnType<typeof setTimeout> | undefined
let retryTimer: ReturnType<typeof setTimeout> | undefined
let polling = false
/** Signed out (a 401): nothing more until a component mounts again. */
let stopped = false

function emit(type: string, data: Record<string, unknown>) {
  for (const h of handlers.get(type as LiveEventType) ?? []) h(data)
}

const dispatch = (type: LiveEventType) => (e: MessageEvent<string>) => {
  if (e.lastEventId) lastId = e.lastEventId
  let data: Record<string, unknown>
  try {
    data = JSON.parse(e.data) as Record<string, unknown>
  } catch {
    return
  }
  emit(type, data)
}

function openStream() {
  if (source || stopped || typeof EventSource === 'undefined') {
    if (!source && typeof EventSource === 'undefined') startPolling()
    return
  }
  // a new EventSource cannot send Last-Event-ID itself: the server takes it from the query too
  const url = lastId ? `/api/events?lastEventId=${encodeURIComponent(lastId)}` : '/api/events'
  const es = new EventSource(url, { withCredentials: true })
  source = es
  es.onopen = () => {
    connected = true
    stopPolling()
  }
  // the stream's first event names the newest id: a poll that may follow goes on from there
  es.addEventListener(LIVE_READY_EVENT, ((e: MessageEvent<string>) => {
    if (e.lastEventId) lastId = e.lastEventId
  }) as EventListener)
  es.onerror = () => {
    connected = false
    const now = Date.now()
    errors = [...errors.filter((t) => now - t < ERROR_WINDOW_MS), now]
    // CLOSED: the server refused (401, 429...) and EventSource gives up; or it keeps failing: poll instead
    if (es.readyState === EventSource.CLOSED || errors.length >= MAX_ERRORS) {
      closeStream()
      startPolling()
    }
  }
  for (const t of LIVE_EVENT_TYPES) es.addEventListener(t, dispatch(t) as EventListener)
}

function closeStream() {
  source?.close()
  source = undefined
  connected = false
}

async function pollOnce(): Promise<'again' | 'later' | 'stop'> {
  const after = lastId ? `&after=${encodeURIComponent(lastId)}` : ''
  const res = await fetch(`/api/events?poll=1${after}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
  if (res.status === 401) return 'stop'
  if (!res.ok) return 'later'
  // the schema (zod) is fetched with the first poll, not with every page: the header's bell listens on all of them
  const { liveEventListSchema } = await import('@preloved/shared/live')
  const events = liveEventListSchema.safeParse(await res.json())
  const next = res.headers.get(LAST_EVENT_ID_HEADER)
  if (events.success) for (const e of events.data) emit(e.type, e.data)
  if (next) lastId = next
  return res.headers.get('link')?.includes('rel="next"') ? 'again' : 'later'
}

function startPolling() {
  if (polling || stopped) return
  polling = true
  const tick = async () => {
    if (!polling) return
    let outcome: 'again' | 'later' | 'stop' = 'later'
    try {
      outcome = await pollOnce()
    } catch {
      // offline: try again later
    }
    if (!polling) return
    if (outcome === 'stop') {
      stopped = true
      lastId = undefined
      stopPolling()
      return
    }
    pollTimer = setTimeout(tick, outcome === 'again' ? 0 : POLL_MS)
  }
  void tick()
  retryTimer = setTimeout(function retry() {
    if (!polling) return
    errors = []
    openStream()
    retryTimer = setTimeout(retry, RETRY_STREAM_MS)
  }, RETRY_STREAM_MS)
}

function stopPolling() {
  polling = false
  clearTimeout(pollTimer)
  clearTimeout(retryTimer)
}

function open() {
  stopped = false
  openStream()
}

function close() {
  closeStream()
  stopPolling()
  errors = []
}

/**
 * The session changed (signed out, or in as someone): the stream closes and forgets its last id, so that the next
 * user's starts from their own newest event; it opens again at once for the new session if pages listen (`reopen`).
 */
export function forgetLiveEvents(reopen = true) {
  close()
  lastId = undefined
  if (reopen && users > 0) open()
}

/** Whether the live stream is open now (pages poll while it is not). */
export const liveConnected = () => connected

/** Calls `handler` with each live event of `type` while the component is mounted (signed-in pages only). */
export function useLiveEvent(type: LiveEventType, handler: Handler, enabled = true) {
  const ref = useRef(handler)
  ref.current = handler
  useEffect(() => {
    if (!enabled) return
    const h: Handler = (d) => ref.current(d)
    let set = handlers.get(type)
    if (!set) {
      set = new Set()
      handlers.set(type, set)
    }
    set.add(h)
    users++
    open()
    return () => {
      set.delete(h)
      users--
      if (users === 0) close()
    }
  }, [type, enabled])
}

/** Whether a live 'notification' event's data is news of the page at `path` (its link, without query or hash). */
function notifiesAbout(data: Record<string, unknown>, path: string): boolean {
  const link = (data.notification as { link?: unknown } | undefined)?.link
  return typeof link === 'string' && link.split(/[?#]/)[0] === path
}

/** Calls `onNews` for each live notification whose link is the page at `path` (the other party moved the order…). */
export function useNotificationsAbout(path: string, onNews: () => void, enabled = true) {
  useLiveEvent(
    'notification',
    (data) => {
      if (notifiesAbout(data, path)) onNews()
    },
    enabled,
  )
}
