/**
 * The PhonePe v2 flow's servers (see playwright.config.ts): a fake PhonePe on E2E_PORT+3 and a
 * second Grasp server on E2E_PORT+4 with PAYMENT_GATEWAY=phonepe pointed at it.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const FAKE_PHONEPE_PORT = PORT + 3;
export const PHONEPE_APP_PORT = PORT + 4;
export const PHONEPE_APP_URL = `http://localhost:${PHONEPE_APP_PORT}`;
export const FAKE_PHONEPE_URL = `http://127.0.0.1:${FAKE_PHONEPE_PORT}`;
export const PHONEPE_APP_DATA_DIR = `${process.env.E2E_DATA_DIR ?? `/tmp/grasp-e2e-${PORT}`}-phonepe`;

export const FAKE_PHONEPE_CREDENTIALS = {
  clientId: 'GRASPE2E_2501011200',
  clientSecret: 'e2e-client-secret-4b7a',
  clientVersion: '1',
  webhookUsername: 'grasp_e2e_hook',
  webhookPassword: 'e2ehook2pass9',
};

/** The Grasp server's environment for PhonePe v2, as an operator would set it. */
export const PHONEPE_APP_ENV = {
  PAYMENT_GATEWAY: 'phonepe',
  PHONEPE_ENV: 'sandbox',
  PHONEPE_BASE_URL: `${FAKE_PHONEPE_URL}/apis/pg-sandbox`,
  PHONEPE_CLIENT_ID: FAKE_PHONEPE_CREDENTIALS.clientId,
  PHONEPE_CLIENT_SECRET: FAKE_PHONEPE_CREDENTIALS.clientSecret,
  PHONEPE_CLIENT_VERSION: FAKE_PHONEPE_CREDENTIALS.clientVersion,
  PHONEPE_WEBHOOK_USERNAME: FAKE_PHONEPE_CREDENTIALS.webhookUsername,
  PHONEPE_WEBHOOK_PASSWORD: FAKE_PHONEPE_CREDENTIALS.webhookPassword,
  SELLER_NAME: 'Grasp Learning Pvt Ltd',
  SELLER_ADDRESS: '12 MG Road, Bengaluru 560001',
  SELLER_GSTIN: '29ABCDE1234F1Z5',
  SELLER_STATE: 'Karnataka',
};
