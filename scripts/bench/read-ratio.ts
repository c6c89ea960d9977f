import autocannon from 'autocannon';

export interface Throughput {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, plus connection errors and timeouts: any of these makes the figure suspect. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
  cookie?: string;
}

/**
 * Requests per second for one URL. A short warm-up is run and discarded first, so that both servers are
 * measured with their code already optimised by V8.
 */
export async function measure(url: string, options: LoadOptions): Promise<Throughput> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationS,
    headers: options.cookie ? { cookie: options.cookie } : {},
    warmup: { connections: options.connections, duration: options.warmupS },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
