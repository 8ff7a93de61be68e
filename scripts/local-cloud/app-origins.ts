import { networkInterfaces } from 'node:os';

const ANY = new Set(['0.0.0.0', '::']);

const hostInUrl = (address: string) => (address.includes(':') ? `[${address}]` : address);

/**
 * Every origin a browser can open the app at on the local cloud: localhost and 127.0.0.1 at the app's
 * port, and the address the server listens on (every interface's address when it listens on all of
 * them, HOST=0.0.0.0). The functions accept checkout return addresses on these (LOCAL_APP_ORIGINS).
 */
export function localAppOrigins(
  host: string,
  port: number,
  interfaceAddresses: () => string[] = () =>
    Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)),
): string[] {
  const hosts = ['localhost', '127.0.0.1', ...(ANY.has(host) ? interfaceAddresses() : [host])];
  return [...new Set(hosts.map((h) => `http://${hostInUrl(h)}:${port}`))];
}
