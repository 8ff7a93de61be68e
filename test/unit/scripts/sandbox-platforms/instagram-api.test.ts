import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxSite, startSandboxSite } from '../../../../scripts/sandbox-platforms';
import { instagramMediaId } from '../../../../scripts/sandbox-platforms/instagram';
import { avatarDataUrl } from '../../../../scripts/sandbox-platforms/kit';
import { indexWorld, type WorldIndex } from '../../../../scripts/sandbox-platforms/world-index';
import { appMayShowImage, client, type Json, type SandboxClient } from './support';

/** The sandbox Instagram's web API, checked against the world's own data. */

let site: SandboxSite;
let index: WorldIndex;
let api: SandboxClient;

beforeAll(async () => {
  site = await startSandboxSite({ platform: 'instagram', size: { followers: 200 } });
  index = indexWorld(site.world);
  api = client(site);
});

afterAll(async () => {
  await site?.stop();
});

async function pageFollows(pk: string, kind: 'followers' | 'following', count: number) {
  const ids: string[] = [];
  const pages: Json[] = [];
  let maxId: string | undefined;
  for (;;) {
    const { status, body } = await api.json(
      `/api/v1/friendships/${pk}/${kind}/?count=${count}${maxId ? `&max_id=${maxId}` : ''}`,
    );
    expect(status).toBe(200);
    pages.push(body);
    ids.push(...body.users.map((u: Json) => u.pk));
    if (!body.next_max_id) return { ids, pages };
    maxId = body.next_max_id;
  }
}

describe('sandbox Instagram: web_profile_info', () => {
  it('answers the profile with counts, bio, website, flags and picture', async () => {
    const p = site.world.people.find((x) => x.website && !x.isOwner)!;
    const { status, body } = await api.json(`/api/v1/users/web_profile_info/?username=${p.handle}`);
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({
      id: p.id,
      username: p.handle,
      full_name: p.name,
      biography: p.bio,
      is_private: p.hidden,
      is_verified: p.verified,
      external_url: p.website,
      profile_pic_url: avatarDataUrl(p),
      edge_followed_by: { count: site.world.followers[p.id]!.length },
      edge_follow: { count: site.world.following[p.id]!.length },
    });
    expect(appMayShowImage(body.data.user.profile_pic_url)).toBe(true);
    expect((await api.json('/api/v1/users/web_profile_info/?username=nobody.here')).status).toBe(404);
  });

  it('needs the web app id header, as Instagram does', async () => {
    const { status, body } = await api.json(
      `/api/v1/users/web_profile_info/?username=${site.world.owner.handle}`,
      {
        'x-ig-app-id': '',
      },
    );
    expect(status).toBe(400);
    expect(body.message).toBe('useragent mismatch');
  });
});

describe('sandbox Instagram: followers and following', () => {
  it('pages the owner’s followers by max_id to the end; next_max_id is absent on the last page', async () => {
    const owner = site.world.owner;
    const { ids, pages } = await pageFollows(owner.id, 'followers', 50);
    expect(ids).toEqual(site.world.followers[owner.id]);
    expect(pages).toHaveLength(4);
    expect(pages.at(-1)!.has_more).toBe(false);
    expect(pages[0].has_more).toBe(true);
    const users = pages.flatMap((page) => page.users);
    for (const u of users) {
      const p = index.person(u.pk)!;
      expect(u).toMatchObject({
        username: p.handle,
        full_name: p.name,
        is_private: p.hidden,
        is_verified: p.verified,
      });
    }
    expect(users.some((u) => u.is_private)).toBe(true);
    const twelve = await api.json(`/api/v1/friendships/${owner.id}/followers/?count=12`);
    expect(twelve.body.users).toHaveLength(12);
    const capped = await api.json(`/api/v1/friendships/${owner.id}/followers/?count=500`);
    expect(capped.body.users).toHaveLength(50);
  });

  it('pages who someone follows, and hides a private account’s lists from non-followers', async () => {
    const { ids } = await pageFollows(site.world.owner.id, 'following', 12);
    expect(ids).toEqual(site.world.following[site.world.owner.id]);
    const locked = site.world.people.find((p) => p.hidden && !index.ownerFollows(p.id))!;
    const refused = await api.json(`/api/v1/friendships/${locked.id}/followers/`);
    expect(refused.status).toBe(400);
    expect(refused.body.status).toBe('fail');
  });
});

describe('sandbox Instagram: a post’s likers and comments', () => {
  it('finds the media id from the /p/<shortcode>/ URL and answers likers, comments and info', async () => {
    const post = site.world.posts.find((p) => p.authorId === site.world.owner.id && p.comments.length > 0)!;
    const page = await (await api.get(`/p/${post.shortcode}/`)).text();
    expect(page).toContain(`instagram://media?id=${post.id}`);
    expect(instagramMediaId(post.shortcode)).toBe(post.id);
    expect((await api.get(`/reel/${post.shortcode}/`)).status).toBe(200);

    const likers = await api.json(`/api/v1/media/${post.id}/likers/`);
    expect(likers.body.users.map((u: Json) => u.pk)).toEqual(post.likerIds);
    expect(likers.body.user_count).toBe(post.likerIds.length);

    const comments = await api.json(
      `/api/v1/media/${post.id}/comments/?can_support_threading=true&permalink_enabled=false`,
    );
    expect(comments.status).toBe(200);
    expect(comments.body.comments.map((c: Json) => [c.text, c.user.pk, c.created_at_utc])).toEqual(
      post.comments.map((c) => [c.text, c.authorId, Math.floor(Date.parse(c.createdAt) / 1000)]),
    );
    expect(comments.body.comment_count).toBe(post.comments.length);
    expect(comments.body.next_max_id).toBeUndefined();

    const info = await api.json(`/api/v1/media/${post.id}_${post.authorId}/info/`);
    expect(info.body.items[0]).toMatchObject({
      pk: post.id,
      code: post.shortcode,
      like_count: post.likerIds.length,
    });
    expect((await api.json('/api/v1/media/123/likers/')).status).toBe(404);
  });
});
