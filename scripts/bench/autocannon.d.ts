// autocannon ships no types; this declares the part of its programmatic API the bench uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
  }

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** With setupRequest, each request is built anew by it (here: another X-Forwarded-For). */
    requests?: { setupRequest?: (request: { headers?: Record<string, string> }) => object }[];
    warmup?: { connections?: number; duration?: number };
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Seconds. */
    duration: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
