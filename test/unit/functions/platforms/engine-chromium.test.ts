import { accessSync, constants } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BrowserMissingError, localEngineChromium } from '../../../../functions/platforms/browser';

describe("the local cloud's engine Chromium", () => {
  it("is the deploy's own headless shell (@sparticuz/chromium, unpacked and runnable) when CHROMIUM_PATH is not set", async () => {
    const chromium = await localEngineChromium({});
    expect(chromium.headless).toBe('shell');
    const { default: deployed } = await import('@sparticuz/chromium');
    expect(chromium.executablePath).toBe(await deployed.executablePath());
    expect(() => accessSync(chromium.executablePath, constants.X_OK)).not.toThrow();
  });

  it('is the binary CHROMIUM_PATH names, in the new headless mode, when it is set', async () => {
    expect(await localEngineChromium({ CHROMIUM_PATH: process.execPath })).toEqual({
      executablePath: process.execPath,
      headless: true,
    });
  });

  it('refuses a CHROMIUM_PATH where nothing is, naming the path, instead of falling back', async () => {
    const missing = localEngineChromium({ CHROMIUM_PATH: '/nowhere/chromium' });
    await expect(missing).rejects.toBeInstanceOf(BrowserMissingError);
    await expect(missing).rejects.toThrow('No Chromium at /nowhere/chromium');
  });
});
