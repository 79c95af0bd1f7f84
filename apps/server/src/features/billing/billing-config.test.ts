import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/config.ts';
import { phonePeV2FromConfig, sellerFromConfig } from './billing-config.ts';
import { TEST_SELLER_ENV } from './payment-test-helpers.ts';

const phonepe = {
  PAYMENT_GATEWAY: 'phonepe',
  PHONEPE_CLIENT_ID: 'id',
  PHONEPE_CLIENT_SECRET: 'secret',
  PHONEPE_CLIENT_VERSION: '1',
  PHONEPE_WEBHOOK_USERNAME: 'grasp_hook',
  PHONEPE_WEBHOOK_PASSWORD: 'hook2pass9word',
};

describe('billing configuration at start-up', () => {
  it('needs every SELLER_* and the OAuth credentials with phonepe', () => {
    expect(() => sellerFromConfig(parseEnv(phonepe))).toThrow(
      /SELLER_NAME, SELLER_ADDRESS, SELLER_GSTIN, SELLER_STATE/,
    );
    expect(() => phonePeV2FromConfig(parseEnv({ PAYMENT_GATEWAY: 'phonepe' }))).toThrow(
      /PHONEPE_CLIENT_ID, PHONEPE_CLIENT_SECRET, PHONEPE_CLIENT_VERSION, PHONEPE_WEBHOOK_USERNAME/,
    );
    expect(sellerFromConfig(parseEnv({ ...phonepe, ...TEST_SELLER_ENV }))).toEqual({
      name: TEST_SELLER_ENV.SELLER_NAME,
      address: TEST_SELLER_ENV.SELLER_ADDRESS,
      gstin: '29ABCDE1234F1Z5',
      stateCode: '29',
    });
  });

  it('checks the state and that the GSTIN belongs to it', () => {
    expect(() => parseEnv({ SELLER_GSTIN: 'not-a-gstin' })).toThrow(/SELLER_GSTIN/);
    expect(() => sellerFromConfig(parseEnv({ SELLER_STATE: 'Atlantis' }))).toThrow(/SELLER_STATE/);
    expect(() => sellerFromConfig(parseEnv({ ...TEST_SELLER_ENV, SELLER_STATE: '27' }))).toThrow(
      /must start with 27/,
    );
    expect(sellerFromConfig(parseEnv({ SELLER_STATE: 'maharashtra' })).stateCode).toBe('27');
  });
});
