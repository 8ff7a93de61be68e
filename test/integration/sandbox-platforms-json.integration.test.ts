import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBrowser } from '../../functions/platforms/browser';
import {
  INSTAGRAM,
  issueSession,
  LINKEDIN,
  type SandboxPlatform,
  type SandboxPlatforms,
  setSandboxFailures,
  startSandboxPlatforms,
  X,
} from '../../scripts/sandbox-platforms';
import { setEnv } from '../support/integration-env';

/**
 * The sandbox JSON endpoints read the way the trob drivers read them: from inside the platform's page
 * in real Chromium, with `fetch`, the browser's cookies, and the CSRF header read from the CSRF cookie.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are what the tests assert, field by field.
type Json = any;

let sandbox: SandboxPlatforms;

beforeAll(async () => {
  setEnv({ APP_RUNTIME: 'local' });
  sandbox = await startSandboxPlatforms();
});

afterAll(async () => {
  await sandbox?.stop();
});

interface PageAnswer {
  status: number;
  url: string;
  contentType: string;
  body: Json;
}

/** fetch(path) in the page, cookies included, the CSRF cookie echoed as the platform's header. */
async function pageFetch(
  page: Page,
  path: string,
  csrf: { cookie: string; header: string; stripQuotes: boolean },
  extra: Record<string, string> = {},
): Promise<PageAnswer> {
  return page.evaluate(
    async (url, cookieName, header, strip, headers) => {
      // The test tsconfig has no DOM types: this function runs in the page.
      const { cookie } = (globalThis as unknown as { document: { cookie: string } }).document;
      const raw =
        cookie
          .split('; ')
          .find((c: string) => c.startsWith(`${cookieName}=`))
          ?.slice(cookieName.length + 1) ?? '';
      const response = await fetch(url, {
        credentials: 'include',
        headers: { ...headers, [header]: strip ? raw.replace(/"/g, '') : raw },
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // HTML (a checkpoint page): kept as text.
      }
      return {
        status: response.status,
        url: response.url,
        contentType: response.headers.get('content-type') ?? '',
        body,
      };
    },
    path,
    csrf.cookie,
    csrf.header,
    csrf.stripQuotes,
    extra,
  );
}

const CSRF: Record<SandboxPlatform, { cookie: string; header: string; stripQuotes: boolean }> = {
  linkedin: { cookie: 'JSESSIONID', header: 'csrf-token', stripQuotes: true },
  x: { cookie: 'ct0', header: 'x-csrf-token', stripQuotes: false },
  instagram: { cookie: 'csrftoken', header: 'x-csrftoken', stripQuotes: false },
};

async function openAs(browserPage: Page, platform: SandboxPlatform) {
  const site = sandbox.sites[platform];
  const session = await issueSession(platform, { baseUrl: site.url });
  await browserPage.setUserAgent(session.userAgent);
  await browserPage.setCookie(...session.cookies);
  await browserPage.goto(session.profileUrl);
  return { site, session };
}

describe('sandbox JSON endpoints from real Chromium', () => {
  it('reads each platform’s follower list and a follower’s profile as a driver does', async () => {
    const seen = await withBrowser(async (browser) => {
      const out: Record<string, { list: string[]; profile: unknown }> = {};

      let page = await browser.newPage();
      const li = await openAs(page, 'linkedin');
      const vars =
        '(start:0,count:50,origin:CurationHub,query:(flagshipSearchIntent:MYNETWORK_CURATION_HUB,queryParameters:List((key:resultType,value:List(FOLLOWERS)))))';
      const list = await pageFetch(
        page,
        `/voyager/api/graphql?includeWebMetadata=true&variables=${vars}&queryId=${LINKEDIN.queryIds.searchClusters}`,
        CSRF.linkedin,
        { accept: 'application/vnd.linkedin.normalized+json+2.1', 'x-restli-protocol-version': '2.0.0' },
      );
      const rows = (list.body.included as Json[]).filter((e) => e.$type === LINKEDIN.types.entityResult);
      const handle = li.site.world.people.find(
        (p) => p.id === li.site.world.followers[li.site.world.owner.id]![0],
      )!.handle;
      const profile = await pageFetch(
        page,
        `/voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=${handle}&decorationId=${LINKEDIN.decorationIds.fullProfile}`,
        CSRF.linkedin,
      );
      out.linkedin = {
        list: rows.map((r) => /urn:li:fsd_profile:([^,)]+)/.exec(r.entityUrn)![1]!),
        profile: (profile.body.included as Json[]).find((e) => e.$type === LINKEDIN.types.profile)
          .publicIdentifier,
      };
      await page.close();

      page = await browser.newPage();
      const x = await openAs(page, 'x');
      const features = encodeURIComponent(
        JSON.stringify({ responsive_web_graphql_timeline_navigation_enabled: true }),
      );
      const followers = await pageFetch(
        page,
        `/i/api/graphql/${X.queryIds.Followers}/Followers?variables=${encodeURIComponent(JSON.stringify({ userId: x.site.world.owner.id, count: 20 }))}&features=${features}`,
        CSRF.x,
      );
      const entries = followers.body.data.user.result.timeline.timeline.instructions.find(
        (i: Json) => i.type === 'TimelineAddEntries',
      ).entries as Json[];
      const user = await pageFetch(
        page,
        `/i/api/graphql/${X.queryIds.UserByScreenName}/UserByScreenName?variables=${encodeURIComponent(JSON.stringify({ screen_name: x.site.world.owner.handle }))}&features=${features}`,
        CSRF.x,
      );
      out.x = {
        list: entries
          .filter((e) => e.entryId.startsWith('user-'))
          .map((e) => e.content.itemContent.user_results.result.rest_id),
        profile: user.body.data.user.result.core.screen_name,
      };
      await page.close();

      page = await browser.newPage();
      const ig = await openAs(page, 'instagram');
      const igHeaders = { 'x-ig-app-id': INSTAGRAM.webAppId, 'x-requested-with': 'XMLHttpRequest' };
      const igList = await pageFetch(
        page,
        `/api/v1/friendships/${ig.site.world.owner.id}/followers/?count=12`,
        CSRF.instagram,
        igHeaders,
      );
      const igProfile = await pageFetch(
        page,
        `/api/v1/users/web_profile_info/?username=${igList.body.users[0].username}`,
        CSRF.instagram,
        igHeaders,
      );
      out.instagram = {
        list: igList.body.users.map((u: Json) => u.pk),
        profile: igProfile.body.data.user.username,
      };
      await page.close();
      return out;
    });

    const { linkedin, x, instagram } = sandbox.sites;
    expect(seen.linkedin!.list).toEqual(linkedin.world.followers[linkedin.world.owner.id]!.slice(0, 50));
    expect(seen.linkedin!.profile).toBe(
      linkedin.world.people.find((p) => p.id === linkedin.world.followers[linkedin.world.owner.id]![0])!
        .handle,
    );
    expect(seen.x!.list).toEqual(x.world.followers[x.world.owner.id]!.slice(0, 20));
    expect(seen.x!.profile).toBe('xavier_sandbox');
    expect(seen.instagram!.list).toEqual(instagram.world.followers[instagram.world.owner.id]!.slice(0, 12));
    expect(seen.instagram!.profile).toBe(
      instagram.world.people.find((p) => p.id === instagram.world.followers[instagram.world.owner.id]![0])!
        .handle,
    );
  });

  it('ends a challenged LinkedIn JSON call as 200 HTML on the checkpoint, as fetch follows the redirect', async () => {
    const result = await withBrowser(async (browser) => {
      const page = await browser.newPage();
      const { site, session } = await openAs(page, 'linkedin');
      const token = session.cookies.find((c) => c.name === 'li_at')!.value;
      await setSandboxFailures('linkedin', { token, challengeAfter: 1 }, site.url);
      try {
        const first = await pageFetch(page, '/voyager/api/me', CSRF.linkedin);
        const second = await pageFetch(page, '/voyager/api/me', CSRF.linkedin);
        return { first, second };
      } finally {
        await setSandboxFailures('linkedin', { clear: true }, site.url);
      }
    });
    expect(result.first.status).toBe(200);
    expect(result.first.contentType).toContain('application/json');
    expect(result.second.status).toBe(200);
    expect(new URL(result.second.url).pathname).toBe('/checkpoint/challenge/');
    expect(result.second.contentType).toContain('text/html');
  });
});
