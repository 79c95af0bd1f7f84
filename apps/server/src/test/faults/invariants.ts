import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { createUsageService, STALE_HOLD_MS } from '../../features/billing/usage.service.ts';
import { queryKey } from '../../lib/query-key.ts';
import type { Ledger } from './load.ts';

type Check = (db: Kysely<DB>, ledger: Ledger) => Promise<string[]>;

async function usersByName(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username_key', 'plan', 'email_verified_at'])
    .execute();
  return new Map(rows.map((r) => [r.username_key, r]));
}

const registrationsKept: Check = async (db, ledger) => {
  const users = await usersByName(db);
  const cycles = await db.selectFrom('usage_cycles').select('user_id').execute();
  const withCycle = new Set(cycles.map((c) => c.user_id));
  const problems: string[] = [];
  for (const name of ledger.registered) {
    const user = users.get(name.toLowerCase());
    if (!user) problems.push(`registered ${name} is missing`);
    else if (!withCycle.has(user.id)) problems.push(`registered ${name} has no usage cycle`);
  }
  for (const name of ledger.verified) {
    if (!users.get(name.toLowerCase())?.email_verified_at)
      problems.push(`${name} lost its email verification`);
  }
  return problems;
};

const explanationsKept: Check = async (db, ledger) => {
  const users = await usersByName(db);
  const rows = await db
    .selectFrom('explanations')
    .innerJoin('answer_texts', 'answer_texts.id', 'explanations.answer_id')
    .select(['user_id', 'query_key', 'template', 'difficulty', 'answer_texts.text'])
    .execute();
  const stored = new Set(rows.map((r) => JSON.stringify(Object.values(r))));
  return ledger.explained.flatMap((e) => {
    const userId = users.get(e.username.toLowerCase())?.id;
    const row = [userId, queryKey(e.query), e.template, e.difficulty, e.response];
    return stored.has(JSON.stringify(row))
      ? []
      : [`explanation of ${e.query} (${e.template}) for ${e.username} is not stored`];
  });
};

const distillationsKept: Check = async (db, ledger) => {
  const users = await usersByName(db);
  const rows = await db
    .selectFrom('distillations')
    .select(['user_id', 'subject', 'concepts_json'])
    .execute();
  const stored = new Set(rows.map((r) => JSON.stringify([r.user_id, r.subject, r.concepts_json])));
  return ledger.distilled.flatMap((d) => {
    const userId = users.get(d.username.toLowerCase())?.id;
    const row = [userId, d.subject, JSON.stringify(d.concepts)];
    return stored.has(JSON.stringify(row))
      ? []
      : [`distillation of ${d.subject} for ${d.username} is not stored`];
  });
};

const count = <T>(rows: T[], match: (row: T) => boolean) => rows.filter(match).length;

/** Whoever was told their payment succeeded is Pro on that payment. */
const paidUsersUpgraded: Check = async (db, ledger) => {
  const users = await usersByName(db);
  const payments = await db.selectFrom('payments').selectAll().execute();
  return [...ledger.paid].flatMap(([name, id]) => {
    const payment = payments.find((p) => p.merchant_transaction_id === id);
    const problems: string[] = [];
    if (payment?.state !== 'PAYMENT_SUCCESS') problems.push(`${name}'s payment ${id} failed`);
    if (users.get(name.toLowerCase())?.plan !== 'pro') problems.push(`${name} paid but is not Pro`);
    return problems;
  });
};

/** Each successful payment upgraded exactly once, and each Pro cycle comes from one. */
const upgradesMatchPayments: Check = async (db) => {
  const payments = await db.selectFrom('payments').selectAll().execute();
  const upgrades = await db
    .selectFrom('payment_events')
    .select('merchant_transaction_id as id')
    .where('state', '=', 'UPGRADED')
    .execute();
  const proCycles = await db
    .selectFrom('usage_cycles')
    .select('user_id')
    .where('plan', '=', 'pro')
    .execute();
  const problems = payments.flatMap((p) => {
    const upgraded = count(upgrades, (u) => u.id === p.merchant_transaction_id);
    const succeeded = p.state === 'PAYMENT_SUCCESS';
    return upgraded === (succeeded ? 1 : 0) && Boolean(p.upgraded_at) === succeeded
      ? []
      : [`payment ${p.merchant_transaction_id} (${p.state}) upgraded ${upgraded} times`];
  });
  const payers = new Set([...payments.map((p) => p.user_id), ...proCycles.map((c) => c.user_id)]);
  for (const userId of payers) {
    const paid = count(payments, (p) => p.user_id === userId && p.upgraded_at !== null);
    const cycles = count(proCycles, (c) => c.user_id === userId);
    if (cycles !== paid)
      problems.push(`user ${userId} has ${cycles} Pro cycles for ${paid} payments`);
  }
  return problems;
};

/**
 * Units add up: each cycle used one unit per distinct (concept, template, difficulty) answered
 * in it and per distinct (subject, template) distilled in it (repeats are free; the load never
 * asks for a fresh answer), plus units still held by requests a crash interrupted, which go back
 * once they are stale.
 */
const unitsAddUp: Check = async (db) => {
  const cycles = await db.selectFrom('usage_cycles').selectAll().execute();
  const holds = await db.selectFrom('unit_holds').select('cycle_id').execute();
  const distillations = await db
    .selectFrom('distillations')
    .select(['user_id', 'subject_key', 'template', 'created_at'])
    .execute();
  const inCycle =
    (cycle: (typeof cycles)[number]) => (row: { user_id: string; created_at: string }) =>
      row.user_id === cycle.user_id &&
      row.created_at >= cycle.starts_at &&
      row.created_at < cycle.ends_at;
  const explanations = await db
    .selectFrom('explanations')
    .select(['user_id', 'query_key', 'template', 'difficulty', 'created_at'])
    .execute();
  return cycles.flatMap((cycle) => {
    const answered = explanations.filter(inCycle(cycle));
    const charged =
      new Set(answered.map((e) => `${e.query_key}|${e.template}|${e.difficulty}`)).size +
      new Set(distillations.filter(inCycle(cycle)).map((d) => `${d.subject_key}|${d.template}`))
        .size;
    const held = holds.filter((h) => h.cycle_id === cycle.id).length;
    return cycle.units_used === charged + held
      ? []
      : [`cycle ${cycle.id} used ${cycle.units_used} units for ${charged} answers, ${held} held`];
  });
};

/** Every broken invariant, in words; empty when the database keeps what the server promised. */
export async function brokenInvariants(db: Kysely<DB>, ledger: Ledger): Promise<string[]> {
  const checks = [
    registrationsKept,
    explanationsKept,
    distillationsKept,
    paidUsersUpgraded,
    upgradesMatchPayments,
    unitsAddUp,
  ];
  return (await Promise.all(checks.map((check) => check(db, ledger)))).flat();
}

export async function openHolds(db: Kysely<DB>): Promise<number> {
  return (await db.selectFrom('unit_holds').select('id').execute()).length;
}

/** Each user comes back once holds are stale: the server gives their units back then. */
export async function comeBackLater(db: Kysely<DB>): Promise<void> {
  const later = { now: () => new Date(Date.now() + STALE_HOLD_MS + 60_000) };
  const usage = createUsageService({ db, clock: later });
  for (const user of await db.selectFrom('users').select('id').execute()) {
    await usage.availableUnits(user.id);
  }
}
