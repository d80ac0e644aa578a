declare module 'autocannon' {
  interface Histogram {
    average: number
    total: number
    p50: number
    p99: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats?: Record<string, { count: number }>
  }
  interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  interface Request extends RequestParams {
    /** Called before each request is sent; `context` lives per connection until the request list wraps. */
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
    requests?: Request[]
  }
  function autocannon(opts: Options): Promise<Result>
  export default autocannon
}
