declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[]
  }
  function autocannon(opts: Options): Promise<Result>
  export default autocannon
}
