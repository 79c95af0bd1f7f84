import type { FastifyInstance } from 'fastify';
import type { FakePhonePeV2 } from '../../test/fake-vendors/phonepe-v2.ts';
import { createPhonePeV2Gateway, type PhonePeV2Options } from './gateways/phonepe-v2-gateway.ts';

/** The seller every v2 test configures: Karnataka, so a Karnataka buyer pays CGST + SGST. */
export const TEST_SELLER_ENV = {
  SELLER_NAME: 'Grasp Learning Pvt Ltd',
  SELLER_ADDRESS: '12 MG Road, Bengaluru 560001',
  SELLER_GSTIN: '29ABCDE1234F1Z5',
  SELLER_STATE: 'Karnataka',
};

export const v2Env = (fake: FakePhonePeV2, publicUrl: string): Record<string, string> => ({
  PUBLIC_URL: publicUrl,
  RATE_LIMIT_SCALE: '100',
  PAYMENT_GATEWAY: 'phonepe',
  ...fake.env,
  ...TEST_SELLER_ENV,
});

/** A webhook as PhonePe posts it, with the given Authorization (none when undefined). */
export function postWebhook(
  app: FastifyInstance,
  body: unknown,
  authorization: string | undefined,
) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/callback',
    headers: authorization === undefined ? {} : { authorization },
    payload: body as Record<string, unknown>,
  });
}

/** A v2 gateway of the test's own, pointed at the fake with its credentials. */
export const fakeV2Gateway = (fake: FakePhonePeV2, extra: Partial<PhonePeV2Options> = {}) =>
  createPhonePeV2Gateway({
    clientId: fake.env.PHONEPE_CLIENT_ID,
    clientSecret: fake.env.PHONEPE_CLIENT_SECRET,
    clientVersion: fake.env.PHONEPE_CLIENT_VERSION,
    baseUrl: fake.baseURL,
    oauthBaseUrl: fake.baseURL,
    webhookUsername: fake.env.PHONEPE_WEBHOOK_USERNAME,
    webhookPassword: fake.env.PHONEPE_WEBHOOK_PASSWORD,
    ...extra,
  });
