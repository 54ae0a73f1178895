/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number
    mean: number
    max: number
    min: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  export interface RawRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    pipelining?: number
    requests?: Array<RawRequest & { setupRequest?: (req: RawRequest, context: object) => RawRequest }>
  }
  export interface Result {
    requests: Histogram
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
  }
  function autocannon(opts: Options): Promise<Result>
  export default autocannon
}
