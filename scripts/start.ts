// The AWS SDK warns that releases after January 2027 need Node 22; our pinned versions run on Node 20, and Lambda runs 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { resolve } from 'node:path';
import { type LocalCloud, startLocalCloud } from './local-cloud';
import { startDevWeb } from './local-cloud/dev-web';
import { repoRoot } from './local-cloud/lambda-runtime';
import { checkPrerequisites, describeFindings } from './local-cloud/prerequisites';
import { stopOnSignals } from './local-cloud/stop-on-signals';
import { ensureWebBuild, webDist } from './web-build';

/**
 * `npm start`: checks what npm cannot install, builds the web app if needed, and runs the local cloud
 * at http://localhost:3000 (PORT changes it). `npm run dev` serves the web app through Vite with hot
 * reload instead of the build. Ctrl-C stops everything, Java included.
 */
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
/** Loopback unless HOST says otherwise: the app's server and, in dev, Vite's hot-reload socket. */
const host = process.env.HOST ?? '127.0.0.1';
const stateDir = resolve(repoRoot, process.env.LOCAL_STATE_DIR ?? '.local');

async function main(): Promise<void> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a number between 0 and 65535 (got '${process.env.PORT}')`);
    process.exit(1);
  }
  const findings = checkPrerequisites();
  const missing = findings.filter((f) => !f.ok);
  if (missing.length > 0) {
    const blocking = missing.some((f) => f.required);
    console.error(
      `${blocking ? 'Cannot start: missing' : 'Warning: missing'} prerequisites:\n${describeFindings(findings)}\n`,
    );
    if (blocking) process.exit(1);
  }

  let webMiddleware: Parameters<typeof startLocalCloud>[0]['webMiddleware'];
  let closeVite: (() => Promise<void>) | undefined;
  if (dev) {
    const devWeb = await startDevWeb({ host, hmrPort: port + 1 });
    webMiddleware = devWeb.middleware;
    closeVite = devWeb.close;
  } else {
    await ensureWebBuild(console.log);
  }

  const started = Date.now();
  let cloud: LocalCloud;
  try {
    cloud = await startLocalCloud({
      port,
      host,
      stateDir,
      ...(dev ? { webMiddleware } : { webRoot: webDist }),
      log: (line) => console.log(line),
    });
  } catch (error) {
    console.error(`The local cloud could not start: ${(error as Error).message}`);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      console.error(`Port ${port} is in use: set PORT to another one.`);
    await closeVite?.();
    process.exit(1);
  }

  console.log(
    [
      '',
      `  Trobly is running at ${cloud.url}${dev ? ' (dev mode, hot reload)' : ''}`,
      `  API            ${cloud.url}/api/health`,
      `  WebSocket      ${cloud.webSocketUrl}`,
      `  DynamoDB Local ${cloud.env.DYNAMODB_ENDPOINT} (table ${cloud.env.TABLE_NAME})`,
      `  SQS (fauxqs)   ${cloud.env.SQS_ENDPOINT}`,
      `  LinkedIn (sandbox)  ${cloud.env.SANDBOX_LINKEDIN_URL} (sandra-box / sandbox-password)`,
      `  X (sandbox)         ${cloud.env.SANDBOX_X_URL} (xavier_sandbox / sandbox-password)`,
      `  Instagram (sandbox) ${cloud.env.SANDBOX_INSTAGRAM_URL} (ines.sandbox / sandbox-password)`,
      `  State          ${stateDir} (npm run reset wipes it)`,
      `  E-mails        ${resolve(stateDir, 'outbox')} (links are printed here too)`,
      `  Ready in ${Date.now() - started} ms. Press Ctrl-C to stop.`,
      '',
    ].join('\n'),
  );

  stopOnSignals(
    async () => {
      await closeVite?.();
      await cloud.stop();
    },
    (line) => console.log(line),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
