import autocannon from 'autocannon';

/** Latency of one endpoint under a fixed number of concurrent connections (autocannon). */
export interface LoadFigure {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  rps: number;
}

export async function measureLoad(
  url: string,
  connections: number,
  seconds: number,
  init: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
): Promise<LoadFigure> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: init.method ?? 'GET',
    ...(init.body ? { body: init.body } : {}),
    headers: init.headers ?? {},
  });
  return {
    url,
    connections,
    seconds,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
  };
}
