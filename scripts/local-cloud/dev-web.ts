import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { repoRoot } from './lambda-runtime';

export interface DevWeb {
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  close(): Promise<void>;
}

/**
 * `npm run dev`'s web app: Vite in middleware mode behind the local gateway, with its hot-reload socket
 * on a port of its own. Vite binds that socket to every interface unless told a host, which would
 * serve the app's sources to the whole network: it gets the app's own host (loopback by default).
 */
export async function startDevWeb(options: { host: string; hmrPort: number }): Promise<DevWeb> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: resolve(repoRoot, 'web', 'vite.config.ts'),
    server: { middlewareMode: true, host: options.host, hmr: { host: options.host, port: options.hmrPort } },
    appType: 'spa',
  });
  return { middleware: vite.middlewares, close: () => vite.close() };
}
