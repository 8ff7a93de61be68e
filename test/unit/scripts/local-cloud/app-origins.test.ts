import { describe, expect, it } from 'vitest';
import { localAppOrigins } from '../../../../scripts/local-cloud/app-origins';

describe('the origins npm start serves the app at', () => {
  it('are localhost and 127.0.0.1 at the app port by default (HOST=127.0.0.1)', () => {
    expect(localAppOrigins('127.0.0.1', 4000)).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000']);
  });

  it('add the host it listens on, and every interface address when it listens on all of them', () => {
    expect(localAppOrigins('192.168.1.20', 3000)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://192.168.1.20:3000',
    ]);
    expect(localAppOrigins('0.0.0.0', 3000, () => ['127.0.0.1', '10.0.0.5', '::1'])).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://10.0.0.5:3000',
      'http://[::1]:3000',
    ]);
  });
});
