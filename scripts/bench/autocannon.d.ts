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
