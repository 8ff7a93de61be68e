import { createServer, type Server } from 'node:http';
import type { LocalAuthorization } from '../../../functions/core/local-runtime';
import { constructIdOf } from '../stacks/resolve';
import { outerEnv } from './env-scope';

/**
 * The local AWS Parameters and Secrets Lambda extension: `GET /secretsmanager/get?secretId=<arn>` with the
 * function's session token, answered as GetSecretValue's JSON (functions/core/secrets.ts reads it). As the
 * real extension calls Secrets Manager with the function's own credentials, a function whose role may not
 * read the secret is refused. The values are the local cloud's (its environment): the stacks' secrets by
 * the construct id their ARN carries (stacks/resolve.ts).
 */
const LOCAL_SECRET_VALUES: Record<string, (env: NodeJS.ProcessEnv) => string | undefined> = {
  AuthTokenSecret: (env) => env.AUTH_TOKEN_SECRET,
  OriginVerifySecret: (env) => env.ORIGIN_VERIFY_SECRET,
  // The payment sandbox's webhook secret, and a Stripe test account's settings when given.
  PaymentsSecret: (env) =>
    JSON.stringify({
      webhookSecret: env.PAYMENTS_WEBHOOK_SECRET,
      secretKey: env.STRIPE_SECRET_KEY,
      pricePro: env.STRIPE_PRICE_PRO,
      pricePlus: env.STRIPE_PRICE_PLUS,
    }),
};

export interface SecretsCaller {
  /** Resolves when allowed; rejects with AWS's AccessDenied message otherwise. */
  authorize(request: LocalAuthorization): Promise<void>;
}

export async function startSecretsExtension(
  callerOf: (sessionToken: string) => SecretsCaller | undefined,
): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const caller = callerOf(String(req.headers['x-aws-parameters-secrets-token'] ?? ''));
      if (!caller) {
        res.writeHead(401).end('Missing or invalid X-Aws-Parameters-Secrets-Token');
        return;
      }
      const arn = url.searchParams.get('secretId') ?? '';
      if (url.pathname !== '/secretsmanager/get' || !arn) {
        res.writeHead(400).end('Invalid request: GET /secretsmanager/get?secretId=...');
        return;
      }
      try {
        await caller.authorize({ action: 'secretsmanager:GetSecretValue', resource: arn });
      } catch (error) {
        res.writeHead(400).end(`AccessDeniedException: ${(error as Error).message}`);
        return;
      }
      const construct = /:secret:(.+)-local$/.exec(arn)?.[1];
      const value = construct ? LOCAL_SECRET_VALUES[constructIdOf(construct)]?.(outerEnv()) : undefined;
      if (value === undefined) {
        res.writeHead(400).end("ResourceNotFoundException: Secrets Manager can't find the specified secret.");
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ ARN: arn, Name: construct, SecretString: value, VersionStages: ['AWSCURRENT'] }),
        );
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  server.unref();
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}
