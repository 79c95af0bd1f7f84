/** The fake PhonePe v2 as its own process for bench/payments.ts: port and latency from argv. */
import { startFakePhonePeV2 } from '../apps/server/src/test/fake-vendors/phonepe-v2.ts';

const [port = '0', latencyMs = '0'] = process.argv.slice(2);
await startFakePhonePeV2({ port: Number(port), latencyMs: Number(latencyMs) });
