import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBrowser } from '../../functions/platforms/browser';
import { setEnv } from '../support/integration-env';

let server: Server;
let url: string;

beforeAll(async () => {
  setEnv({ APP_RUNTIME: 'local' });
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<title>sandbox</title><p id="ua">${req.headers['user-agent']}</p>`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
});

describe('browser launcher', () => {
  it("opens a page in the machine's Chromium with the session's user agent and closes it afterwards", async () => {
    let pid: number | undefined;
    const seen = await withBrowser(
      async (browser) => {
        pid = browser.process()?.pid;
        const page = await browser.newPage();
        await page.goto(url);
        return { title: await page.title(), ua: await page.$eval('#ua', (el) => el.textContent) };
      },
      { userAgent: 'Mozilla/5.0 TroblyTest/1.0' },
    );
    expect(seen).toEqual({ title: 'sandbox', ua: 'Mozilla/5.0 TroblyTest/1.0' });
    expect(pid).toBeDefined();
    expect(() => process.kill(pid!, 0)).toThrow();
  });

  it('closes the browser even when the work fails', async () => {
    let pid: number | undefined;
    await expect(
      withBrowser(async (browser) => {
        pid = browser.process()?.pid;
        throw new Error('run failed');
      }),
    ).rejects.toThrow('run failed');
    expect(() => process.kill(pid!, 0)).toThrow();
  });
});
