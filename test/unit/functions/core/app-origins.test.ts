import { describe, expect, it } from 'vitest';
import { appOrigins, isAppUrl } from '../../../../functions/core/app-origins';

const LOCAL = 'http://localhost:3000,http://127.0.0.1:3000,http://192.168.1.20:3000';

describe('the origins checkout return addresses must name', () => {
  it('in AWS are exactly the distribution (PUBLIC_APP_URL), whatever LOCAL_APP_ORIGINS says', () => {
    const origins = appOrigins({
      APP_RUNTIME: 'aws',
      PUBLIC_APP_URL: 'https://d111.cloudfront.net',
      LOCAL_APP_ORIGINS: LOCAL,
    });
    expect([...origins]).toEqual(['https://d111.cloudfront.net']);
    expect(isAppUrl('https://d111.cloudfront.net/dashboard?upgraded=true', origins)).toBe(true);
    for (const url of [
      'http://127.0.0.1:3000/dashboard',
      'http://localhost:3000/dashboard',
      'http://d111.cloudfront.net/dashboard',
      'https://d111.cloudfront.net.evil.example/dashboard',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(isAppUrl(url, origins), url).toBe(false);
  });

  it('on the local cloud are every address npm start serves the app at, and no other port or host', () => {
    const origins = appOrigins({
      APP_RUNTIME: 'local',
      PUBLIC_APP_URL: 'http://localhost:3000',
      LOCAL_APP_ORIGINS: LOCAL,
    });
    for (const url of [
      'http://localhost:3000/dashboard?upgraded=true',
      'http://127.0.0.1:3000/pricing',
      'http://192.168.1.20:3000/pricing',
    ])
      expect(isAppUrl(url, origins), url).toBe(true);
    for (const url of [
      'http://127.0.0.1:3001/dashboard',
      'https://127.0.0.1:3000/dashboard',
      'http://localhost.evil.example:3000/dashboard',
      'https://evil.example/dashboard',
    ])
      expect(isAppUrl(url, origins), url).toBe(false);
  });
});
