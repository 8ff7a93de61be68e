import { createServer, type Server } from 'node:http';
import { httpRoutes } from '../../functions/routes';
import { createHttpGateway } from '../../scripts/local-cloud/http-gateway';

/** The local gateway over the real route table on a free port, for integration tests of handlers. */
export async function startGateway(): Promise<{ base: string; server: Server; close(): Promise<void> }> {
  const gateway = createHttpGateway({ routes: httpRoutes });
  const server = createServer((req, res) => void gateway(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
