import autocannon from 'autocannon';

export interface Throughput {
  requestsPerSecond: number;
  /** Requests answered in the measured time. */
  requests: number;
  /** The server's CPU time (user + system) per request, µs, when its process was given. */
  cpuUsPerRequest?: number;
  /** This process's (autocannon's) CPU time per request, µs, in interleaved runs. */
  clientUsPerRequest?: number;
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
  /** Send each request from another client address (X-Forwarded-For; the server trusts one proxy hop). */
  freshAddresses?: boolean;
}

let addressCounter = 0;

/** 10.0.0.1, 10.0.0.2, …: a different client address for every request of the run. */
function nextAddress(): string {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

interface RawRequest {
  headers?: Record<string, string>;
}

/**
 * Requests per second for one URL. A short warm-up is run and discarded first (when warmupS > 0), so that
 * both servers are measured with their code already optimised by V8.
 */
export async function measure(url: string, options: LoadOptions): Promise<Throughput> {
  const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationS,
    headers,
    ...(options.freshAddresses
      ? {
          requests: [
            {
              setupRequest: (request: RawRequest) => ({
                ...request,
                headers: { ...request.headers, ...headers, 'x-forwarded-for': nextAddress() },
              }),
            },
          ],
        }
      : {}),
    ...(options.warmupS > 0
      ? { warmup: { connections: options.connections, duration: options.warmupS } }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export interface Target {
  url: string;
  cookie?: string;
  /** The serving process's CPU time so far, ms: gives each slice its CPU per request. */
  cpuMs?: () => number;
}

/**
 * Two URLs measured in one run, in alternating slices of `sliceS` seconds (a, b, a, b, …) until each has had
 * `durationS`: whatever else the machine is doing meanwhile weighs on both alike, so their ratio holds
 * better than two runs one after the other. Each gets one warm-up first.
 */
export async function measureInterleaved(
  a: Target,
  b: Target,
  options: LoadOptions & { sliceS: number },
): Promise<[Throughput, Throughput]> {
  const run = async (target: Target, durationS: number, warmupS: number) => {
    const cpuBefore = target.cpuMs?.();
    const clientBefore = process.cpuUsage();
    const result = await measure(target.url, { ...options, cookie: target.cookie, durationS, warmupS });
    const client = process.cpuUsage(clientBefore);
    const cpuAfter = target.cpuMs?.();
    if (cpuBefore === undefined || cpuAfter === undefined || result.requests === 0) return result;
    return {
      ...result,
      cpuUsPerRequest: ((cpuAfter - cpuBefore) * 1000) / result.requests,
      clientUsPerRequest: (client.user + client.system) / result.requests,
    };
  };
  await run(a, 1, options.warmupS);
  await run(b, 1, options.warmupS);
  const slices: [Throughput[], Throughput[]] = [[], []];
  for (let done = 0; done < options.durationS; done += options.sliceS) {
    const length = Math.min(options.sliceS, options.durationS - done);
    slices[0].push(await run(a, length, 0));
    slices[1].push(await run(b, length, 0));
  }
  return [combine(slices[0]), combine(slices[1])];
}

/** Equal-length slices: the mean rate, the mean median, the worst p99, every failure. */
function combine(slices: Throughput[]): Throughput {
  const mean = (pick: (t: Throughput) => number) =>
    slices.reduce((sum, t) => sum + pick(t), 0) / Math.max(1, slices.length);
  const requests = slices.reduce((sum, t) => sum + t.requests, 0);
  const cpuUs = slices.reduce((sum, t) => sum + (t.cpuUsPerRequest ?? Number.NaN) * t.requests, 0);
  const clientUs = slices.reduce((sum, t) => sum + (t.clientUsPerRequest ?? Number.NaN) * t.requests, 0);
  return {
    requestsPerSecond: mean((t) => t.requestsPerSecond),
    requests,
    ...(Number.isNaN(cpuUs) ? {} : { cpuUsPerRequest: cpuUs / Math.max(1, requests) }),
    ...(Number.isNaN(clientUs) ? {} : { clientUsPerRequest: clientUs / Math.max(1, requests) }),
    p50: mean((t) => t.p50),
    p99: Math.max(...slices.map((t) => t.p99)),
    failures: slices.reduce((sum, t) => sum + t.failures, 0),
  };
}
