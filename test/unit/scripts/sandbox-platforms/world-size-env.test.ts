import { afterEach, describe, expect, it } from 'vitest';
import { startSandboxSite } from '../../../../scripts/sandbox-platforms';
import { LINKEDIN } from '../../../../scripts/sandbox-platforms/linkedin-config';
import { client } from './support';

/** SANDBOX_FOLLOWERS, SANDBOX_CONNECTIONS and SANDBOX_LIST_CAP as `npm start` passes them to the sites. */

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['SANDBOX_FOLLOWERS', 'SANDBOX_CONNECTIONS', 'SANDBOX_LIST_CAP']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('sandbox world size from the environment', () => {
  it('SANDBOX_FOLLOWERS=10000 gives the owner 10,000 followers, every one served by the JSON', async () => {
    process.env.SANDBOX_FOLLOWERS = '10000';
    const site = await startSandboxSite({ platform: 'instagram' });
    try {
      const health = await (await fetch(`${site.url}/__sandbox/health`)).json();
      expect(health).toMatchObject({ size: { followers: 10_000 }, people: 10_100 });
      const api = client(site);
      const owner = site.world.owner;
      const profile = await api.json(`/api/v1/users/web_profile_info/?username=${owner.handle}`);
      expect(profile.body.data.user.edge_followed_by.count).toBe(10_000);
      const ids: string[] = [];
      let maxId = '';
      for (;;) {
        const { body } = await api.json(
          `/api/v1/friendships/${owner.id}/followers/?count=50${maxId ? `&max_id=${maxId}` : ''}`,
        );
        ids.push(...body.users.map((u: { pk: string }) => u.pk));
        if (!body.next_max_id) break;
        maxId = body.next_max_id;
      }
      expect(ids).toHaveLength(10_000);
      expect(new Set(ids).size).toBe(10_000);
      expect(ids).toEqual(site.world.followers[owner.id]);
    } finally {
      await site.stop();
    }
  });

  it('SANDBOX_CONNECTIONS and SANDBOX_LIST_CAP shape the LinkedIn lists', async () => {
    process.env.SANDBOX_FOLLOWERS = '1200';
    process.env.SANDBOX_CONNECTIONS = '300';
    process.env.SANDBOX_LIST_CAP = '0';
    const site = await startSandboxSite({ platform: 'linkedin' });
    try {
      expect(site.world.connections[site.world.owner.id]).toHaveLength(300);
      const vars = (start: number) =>
        `(start:${start},count:50,origin:CurationHub,query:(flagshipSearchIntent:MYNETWORK_CURATION_HUB,queryParameters:List((key:resultType,value:List(FOLLOWERS)))))`;
      const { body } = await client(site).json(
        `/voyager/api/graphql?includeWebMetadata=true&variables=${vars(1150)}&queryId=${LINKEDIN.queryIds.searchClusters}`,
      );
      const collection = body.data.data[LINKEDIN.graphqlRoots.searchClusters];
      expect(collection.metadata.totalResultCount).toBe(1200);
      expect(collection.elements[0].items).toHaveLength(50);
    } finally {
      await site.stop();
    }
  });

  it('refuses a size it cannot make', async () => {
    process.env.SANDBOX_FOLLOWERS = 'lots';
    await expect(startSandboxSite({ platform: 'x' })).rejects.toThrow(/SANDBOX_FOLLOWERS/);
  });
});
