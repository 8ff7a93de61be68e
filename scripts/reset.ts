import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from './local-cloud/lambda-runtime';

/** `npm run reset`: wipes the local cloud's state (.local/): database, queued messages, outbox, keys. */
const stateDir = resolve(repoRoot, process.env.LOCAL_STATE_DIR ?? '.local');
const pidFile = join(stateDir, 'dynamodb.pid');
if (existsSync(pidFile)) {
  const pid = Number(readFileSync(pidFile, 'utf8'));
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {
    alive = false;
  }
  if (alive) {
    console.error(
      'The local cloud seems to be running (DynamoDB Local is up). Stop `npm start` first, then reset.',
    );
    process.exit(1);
  }
}
rmSync(stateDir, { recursive: true, force: true });
console.log(`Removed ${stateDir}. The next 'npm start' begins with an empty database.`);
