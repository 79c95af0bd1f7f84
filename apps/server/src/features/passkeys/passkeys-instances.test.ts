import {
  type CreatedPasskey,
  type LoginResponse,
  PASSKEY_ERROR_CODES,
  type PasskeyChallenge,
} from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { REDIS_AVAILABLE } from '../../test/redis.ts';
import { type Cluster, startCluster } from '../../test/scale-out/instances.ts';
import { createSoftwareAuthenticator } from '../../test/software-authenticator.ts';
import { capturingMailer } from '../reminders/reminder-fixtures.ts';

const runs = REDIS_AVAILABLE && TEST_DATABASES.includes('postgres');

describe.skipIf(!runs)('passkeys with two instances on one PostgreSQL', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ deps: { mailer: capturingMailer() } });
  });
  afterAll(async () => cluster?.close());

  const instance = (i: number) => {
    const found = cluster.instances[i];
    if (!found) throw new Error(`no instance ${i}`);
    return found;
  };

  it('answers a challenge one instance gave on the other, once', async () => {
    const [a, b] = [instance(0).app, instance(1).app];
    const { token } = await signedInUser(a, instance(0).database.db, 'pkTwo');
    const headers = { authorization: `Bearer ${token}` };
    const authenticator = createSoftwareAuthenticator('http://localhost:3000');

    const options = await a.inject({
      method: 'POST',
      url: '/api/me/passkeys/options',
      headers,
      payload: { pin: '1234' },
    });
    const response = authenticator.create(options.json().options);
    const added = await b.inject({
      method: 'POST',
      url: '/api/me/passkeys',
      headers,
      payload: { response },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json<CreatedPasskey>().name).toBe('Passkey 1');

    const challenge = (
      await b.inject({ method: 'POST', url: '/api/auth/passkey/options', payload: {} })
    ).json<PasskeyChallenge>();
    const payload = {
      challengeId: challenge.challengeId,
      response: authenticator.get(challenge.options),
    };
    const signedIn = await a.inject({ method: 'POST', url: '/api/auth/passkey', payload });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<LoginResponse>().user.username).toBe('pkTwo');
    const replay = await b.inject({ method: 'POST', url: '/api/auth/passkey', payload });
    expect(replay.json()).toMatchObject({ code: PASSKEY_ERROR_CODES.challenge });
  });
});
