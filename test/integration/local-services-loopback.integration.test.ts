import { connect, createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DevWeb, startDevWeb } from '../../scripts/local-cloud/dev-web';
import { type LocalQueues, startLocalQueues } from '../../scripts/local-cloud/sqs';

/**
 * DynamoDB Local and fauxqs accept any credentials, so they must be reachable from this machine only:
 * a connection to the machine's LAN address is refused, one to 127.0.0.1 is accepted.
 */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** 'connected' or the socket error's code (ECONNREFUSED when nothing listens on that address). */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      done('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      done('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

let queues: LocalQueues;
let dynamoPort: number;
let sqsPort: number;

beforeAll(async () => {
  // The integration run's DynamoDB Local, started by test/support/dynamodb-global-setup.ts as npm start does.
  dynamoPort = Number(new URL(inject('dynamoEndpoint')).port);
  queues = await startLocalQueues({ stage: 'loopback-test' });
  sqsPort = Number(new URL(queues.endpoint).port);
});

afterAll(async () => {
  await queues?.stop();
});

describe('local services stay local', () => {
  it('accepts connections to DynamoDB Local and SQS on 127.0.0.1', async () => {
    expect(await tryConnect('127.0.0.1', dynamoPort)).toBe('connected');
    expect(await tryConnect('127.0.0.1', sqsPort)).toBe('connected');
  });

  it.skipIf(!lanAddress)(
    `refuses connections to DynamoDB Local and SQS on the LAN address (${lanAddress ?? 'this machine has no non-loopback IPv4 address, so there is no LAN side to test'})`,
    async () => {
      expect(await tryConnect(lanAddress!, dynamoPort)).toBe('ECONNREFUSED');
      expect(await tryConnect(lanAddress!, sqsPort)).toBe('ECONNREFUSED');
    },
  );
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('npm run dev stays local (issue 18 point 7)', () => {
  let devWeb: DevWeb | undefined;
  let hmrPort: number;

  beforeAll(async () => {
    hmrPort = await freePort();
    devWeb = await startDevWeb({ host: '127.0.0.1', hmrPort });
  });

  afterAll(async () => {
    await devWeb?.close();
  });

  // All of 127.0.0.0/8 is this machine's loopback: a socket bound to every interface answers on
  // 127.0.0.2 as well, one bound to 127.0.0.1 alone does not. No LAN address is needed to tell them apart.
  it("binds Vite's hot-reload socket to 127.0.0.1 only", async () => {
    expect(await tryConnect('127.0.0.1', hmrPort)).toBe('connected');
    expect(await tryConnect('127.0.0.2', hmrPort)).toBe('ECONNREFUSED');
    if (lanAddress) expect(await tryConnect(lanAddress, hmrPort)).toBe('ECONNREFUSED');
  });
});
