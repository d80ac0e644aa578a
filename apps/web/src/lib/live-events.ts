import type { LiveEventType } from '@preloved/shared/live'
import { useEffect, useRef } from 'react'

/**
 * Live updates in the browser (issue 17): one EventSource on GET /api/events per tab (the session cookie proves who
 * it is), shared by every component that listens; it reconnects with Last-Event-ID by itself. Pages also refetch on
 * an interval while the stream is down (`liveConnected()`), so nothing depends on it to be correct.
 * Components use `useLiveEvent(type, handler)`; the handler gets the event's parsed `data`.
 */

type Handler = (data: Record<string, unknown>) => void

const handlers = new Map<LiveEventType, Set<Handler>>()
let source: EventSource | undefined
let connected = false
let users = 0

const dispatch = (type: LiveEventType) => (e: MessageEvent<string>) => {
  let data: Record<string, unknown>
  try {
    data = JSON.parse(e.data) as Record<string, unknown>
  } catch {
    return
  }
  for (const h of handlers.get(type) ?? []) h(data)
}

const TYPES: LiveEventType[] = ['message', 'offer', 'notification', 'conversation_read']

function open() {
  if (source || typeof EventSource === 'undefined') return
  source = new EventSource('/api/events', { withCredentials: true })
  source.onopen = () => {
    connected = true
  }
  source.onerror = () => {
    connected = false
  }
  for (const t of TYPES) source.addEventListener(t, dispatch(t) as EventListener)
}

function close() {
  source?.close()
  source = undefined
  connected = false
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
