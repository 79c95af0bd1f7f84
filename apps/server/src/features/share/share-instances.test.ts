import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { REDIS_AVAILABLE } from '../../test/redis.ts';
import { type Cluster, type Instance, startCluster } from '../../test/scale-out/instances.ts';
import { sourceShareRenderer } from '../../test/share-renderer.ts';

const runs = REDIS_AVAILABLE && TEST_DATABASES.includes('postgres');

describe.skipIf(!runs)('share pages on two instances of one PostgreSQL and one Redis', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    cluster = await startCluster({
      deps: {
        providers: [fakeProvider('offline').provider, fakeProvider('remote-openai').provider],
        shareRenderer: await sourceShareRenderer(),
      },
    });
    [a, b] = cluster.instances as [Instance, Instance];
  });
  afterAll(() => cluster?.close());

  const view = async (instance: Instance, shareId: string) =>
    (await fetch(`${instance.url}/s/${shareId}`)).status;

  it('serves a kept page without asking again, and ends it everywhere once revoked', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'Meera');
    const auth = { authorization: `Bearer ${token}` };
    const headers = { ...auth, 'content-type': 'application/json' };
    const post = async (path: string, body: object) =>
      (
        await fetch(`${a.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      ).json();
    const { explanationId } = await post('/api/ai/aiResponseGoogle', {
      query: 'Buoyancy',
      provider: 'remote-openai',
    });
    const { shareId } = await post('/api/share', { explanationId });
    expect(await view(a, shareId)).toBe(200);
    expect(await view(b, shareId)).toBe(200);
    // Kept on b, and served from there while nothing was announced.
    expect(await view(b, shareId)).toBe(200);

    const revoked = await fetch(`${a.url}/api/share/${shareId}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(revoked.status).toBe(200);
    // Pub/sub delivers within moments; b must not serve its kept page past that.
    const deadline = Date.now() + 2000;
    while ((await view(b, shareId)) !== 404) {
      if (Date.now() > deadline) throw new Error('b still serves a revoked page');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await view(a, shareId)).toBe(404);
  });
});
