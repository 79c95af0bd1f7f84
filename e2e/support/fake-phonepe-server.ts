/** The fake PhonePe v2 the e2e's PhonePe server talks to; its webhooks go to that server. */
import { startFakePhonePeV2 } from '../../apps/server/src/test/fake-vendors/phonepe-v2.ts';
import { FAKE_PHONEPE_CREDENTIALS, FAKE_PHONEPE_PORT, PHONEPE_APP_URL } from './phonepe.ts';

await startFakePhonePeV2({
  ...FAKE_PHONEPE_CREDENTIALS,
  port: FAKE_PHONEPE_PORT,
  webhookUrl: `${PHONEPE_APP_URL}/api/payment/callback`,
});
