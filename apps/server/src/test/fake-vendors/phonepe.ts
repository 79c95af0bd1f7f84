import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** PhonePe's UAT-style base path, so the client must keep a base URL's path when joining. */
const BASE_PATH = '/apis/pg-sandbox';
const ID_PATTERN = /^[A-Za-z0-9_-]{1,34}$/;
const USER_PATTERN = /^[A-Za-z0-9_-]{1,35}$/;

export interface FakePhonePeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

interface FakeTransaction {
  payload: Record<string, unknown>;
  amount: number;
  code: string;
  transactionId: string | null;
}

export interface FakePhonePe {
  /** What to put in PHONEPE_BASE_URL. */
  readonly baseURL: string;
  readonly merchantId: string;
  readonly saltKey: string;
  readonly saltIndex: string;
  readonly requests: readonly FakePhonePeRequest[];
  /** The decoded pay payload PhonePe received for a transaction. */
  payload(merchantTransactionId: string): Record<string, unknown> | undefined;
  /** The customer finished on PhonePe's page: the transaction takes this response code. */
  settle(merchantTransactionId: string, code: string, amount?: number): void;
  /**
   * The S2S callback PhonePe would POST for the transaction, signed with the salt key; `claim`
   * makes it say another code than PhonePe holds (a replayed or forged body).
   */
  callback(
    merchantTransactionId: string,
    claim?: string,
  ): { body: { response: string }; xVerify: string };
  /** While true, every call answers 503 with an HTML page, as a load balancer would. */
  down: boolean;
  close(): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text;
  }
}

/** A local PhonePe PG (pg/v1) that checks every X-VERIFY and answers in PhonePe's shapes. */
export async function startFakePhonePe(
  merchantId = 'PGTESTMERCHANT',
  saltKey = 'fake-salt-key-0f2c9a',
  saltIndex = '1',
): Promise<FakePhonePe> {
  const requests: FakePhonePeRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const checksum = (signed: string) => `${sha256(signed + saltKey)}###${saltIndex}`;
  const fail = (status: number, code: string, message: string) => ({
    status,
    body: { success: false, code, message },
  });

  function transactionBody(id: string, tx: FakeTransaction) {
    return {
      success: tx.code === 'PAYMENT_SUCCESS',
      code: tx.code,
      message: tx.code === 'PAYMENT_SUCCESS' ? 'Your payment is successful.' : 'Payment status',
      data: {
        merchantId,
        merchantTransactionId: id,
        transactionId: tx.transactionId,
        amount: tx.amount,
        state:
          tx.code === 'PAYMENT_SUCCESS'
            ? 'COMPLETED'
            : tx.code === 'PAYMENT_PENDING'
              ? 'PENDING'
              : 'FAILED',
        responseCode: tx.code === 'PAYMENT_SUCCESS' ? 'SUCCESS' : tx.code,
        paymentInstrument: null,
      },
    };
  }

  function pay(headers: IncomingHttpHeaders, body: unknown, origin: string) {
    const encoded = (body as { request?: unknown } | null)?.request;
    if (typeof encoded !== 'string') return fail(400, 'BAD_REQUEST', 'request is missing');
    if (headers['x-verify'] !== checksum(`${encoded}/pg/v1/pay`)) {
      return fail(401, 'AUTHORIZATION_FAILED', 'X-VERIFY header is incorrect');
    }
    const payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    const id = String(payload.merchantTransactionId ?? '');
    const valid =
      payload.merchantId === merchantId &&
      ID_PATTERN.test(id) &&
      USER_PATTERN.test(String(payload.merchantUserId ?? '')) &&
      Number.isInteger(payload.amount) &&
      Number(payload.amount) >= 100 &&
      typeof payload.redirectUrl === 'string' &&
      payload.redirectMode === 'REDIRECT' &&
      typeof payload.callbackUrl === 'string' &&
      (payload.paymentInstrument as { type?: unknown } | undefined)?.type === 'PAY_PAGE';
    if (!valid || transactions.has(id)) return fail(400, 'BAD_REQUEST', 'Invalid request');
    transactions.set(id, {
      payload,
      amount: Number(payload.amount),
      code: 'PAYMENT_PENDING',
      transactionId: null,
    });
    const url = `${origin}/pay-page/${id}`;
    return {
      status: 200,
      body: {
        success: true,
        code: 'PAYMENT_INITIATED',
        message: 'Payment initiated',
        data: {
          merchantId,
          merchantTransactionId: id,
          instrumentResponse: { type: 'PAY_PAGE', redirectInfo: { url, method: 'GET' } },
        },
      },
    };
  }

  function status(headers: IncomingHttpHeaders, path: string) {
    const [, mid, id = ''] = /^\/pg\/v1\/status\/([^/]+)\/([^/]+)$/.exec(path) ?? [];
    if (mid !== merchantId || headers['x-merchant-id'] !== merchantId) {
      return fail(400, 'BAD_REQUEST', 'Invalid merchant');
    }
    if (headers['x-verify'] !== checksum(path)) {
      return fail(401, 'AUTHORIZATION_FAILED', 'X-VERIFY header is incorrect');
    }
    const tx = transactions.get(id);
    if (!tx) return fail(200, 'TRANSACTION_NOT_FOUND', 'No transaction found');
    return { status: 200, body: transactionBody(id, tx) };
  }

  const control = { down: false };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      const url = new URL(req.url ?? '/', 'http://fake.local');
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body,
      });
      if (control.down) {
        res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
        return;
      }
      const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : '';
      const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
      const answer =
        req.method === 'POST' && path === '/pg/v1/pay'
          ? pay(req.headers, body, origin)
          : req.method === 'GET' && path.startsWith('/pg/v1/status/')
            ? status(req.headers, path)
            : fail(404, 'NOT_FOUND', 'Not found');
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    get down() {
      return control.down;
    },
    set down(value: boolean) {
      control.down = value;
    },
    baseURL: `http://127.0.0.1:${port}${BASE_PATH}`,
    merchantId,
    saltKey,
    saltIndex,
    requests,
    payload: (id: string) => transactions.get(id)?.payload,
    settle(id: string, code: string, amount?: number) {
      const tx = transactions.get(id);
      if (!tx) throw new Error(`fake PhonePe knows no ${id}`);
      tx.code = code;
      tx.transactionId = `T${Date.now()}${Math.floor(Math.random() * 1e6)}`;
      if (amount !== undefined) tx.amount = amount;
    },
    callback(id: string, claim?: string) {
      const tx = transactions.get(id);
      if (!tx) throw new Error(`fake PhonePe knows no ${id}`);
      const said = claim ? { ...tx, code: claim } : tx;
      const response = Buffer.from(JSON.stringify(transactionBody(id, said))).toString('base64');
      return { body: { response }, xVerify: checksum(response) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
