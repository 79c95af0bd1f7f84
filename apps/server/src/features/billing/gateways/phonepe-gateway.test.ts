import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePhonePe, startFakePhonePe } from '../../../test/fake-vendors/phonepe.ts';
import { GatewayError } from './payment-gateway.ts';
import { createPhonePeGateway } from './phonepe-gateway.ts';

const order = (merchantTransactionId: string) => ({
  merchantTransactionId,
  merchantUserId: 'U123',
  amountPaise: 9900,
  redirectUrl: 'https://grasp.example/payment-status',
  callbackUrl: 'https://grasp.example/api/payment/callback',
});

describe('PhonePe gateway against the fake PG', () => {
  let phonepe: FakePhonePe;
  const gatewayWith = (saltKey: string) =>
    createPhonePeGateway({
      merchantId: phonepe.merchantId,
      saltKey,
      saltIndex: phonepe.saltIndex,
      baseUrl: `${phonepe.baseURL}/`,
    });

  beforeAll(async () => {
    phonepe = await startFakePhonePe();
  });
  afterAll(() => phonepe.close());

  it('pays, checks and verifies with the right salt key', async () => {
    const gateway = gatewayWith(phonepe.saltKey);
    const { redirectUrl } = await gateway.pay(order('GRASP_unit1'));
    expect(redirectUrl).toMatch(/\/pay-page\/GRASP_unit1$/);
    expect(await gateway.checkStatus('GRASP_unit1')).toMatchObject({
      status: 'PAYMENT_PENDING',
      code: 'PAYMENT_PENDING',
    });
    phonepe.settle('GRASP_unit1', 'PAYMENT_SUCCESS');
    expect(await gateway.checkStatus('GRASP_unit1')).toMatchObject({
      merchantTransactionId: 'GRASP_unit1',
      status: 'PAYMENT_SUCCESS',
      amountPaise: 9900,
    });
    const callback = phonepe.callback('GRASP_unit1');
    expect(gateway.verifyCallback(callback)).toMatchObject({
      kind: 'order',
      merchantTransactionId: 'GRASP_unit1',
      claimedState: 'PAYMENT_SUCCESS',
    });
  });

  it('is refused by PhonePe with a wrong salt key, and refuses its callbacks', async () => {
    const wrong = gatewayWith('not-the-salt');
    await expect(wrong.pay(order('GRASP_unit2'))).rejects.toBeInstanceOf(GatewayError);
    await gatewayWith(phonepe.saltKey).pay(order('GRASP_unit3'));
    await expect(wrong.checkStatus('GRASP_unit3')).rejects.toBeInstanceOf(GatewayError);
    expect(() => wrong.verifyCallback(phonepe.callback('GRASP_unit3'))).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
  });

  it('leaves an unknown transaction pending rather than failed', async () => {
    const report = await gatewayWith(phonepe.saltKey).checkStatus('GRASP_never');
    expect(report).toMatchObject({ status: 'PAYMENT_PENDING', code: 'TRANSACTION_NOT_FOUND' });
  });
});
