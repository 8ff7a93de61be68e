import autocannon from 'autocannon';

/**
 * Runs in its own process (see auth-load.ts): signs in with `users` in turn, one user per request, so
 * twenty concurrent clients are twenty people, not one account hit twenty times at once (which the
 * per-account sign-in limit rightly refuses).
 */
const { url, users, connections, seconds } = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  users: Array<{ email: string; password: string }>;
  connections: number;
  seconds: number;
};
let next = 0;
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  timeout: 60,
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const user = users[next++ % users.length]!;
        return { ...request, headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
