import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO-8601 UTC strings so that both SQLite and PostgreSQL compare them alike. */
type Timestamp = string;

export interface UsersTable {
  id: string;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  mobile: string;
  full_name: string;
  avatar: string | null;
  plan: string;
  pin_hash: string;
  email_verified_at: Timestamp | null;
  created_at: Timestamp;
  /** user, support or admin (migration 0018). */
  role: Generated<string>;
  /** Set while the account is disabled: it cannot sign in. */
  disabled_at: Generated<Timestamp | null>;
  /** Set when the learner deleted the account: the row stays, anonymous, for payments (0016). */
  deleted_at?: Timestamp | null;
  /** en, hi, bn, mr, ta or te: the interface, API messages, mails and pushes (0023). */
  interface_language: Generated<string>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Until when a staff member's confirmed PIN lets this session write (DESIGN.md §15). */
  sudo_until: Generated<Timestamp | null>;
  /** The browser's User-Agent at sign-in (cut short), shown in words in the session list. */
  user_agent?: string | null;
  /** Written at most every few minutes, not on every request. */
  last_seen_at?: Timestamp | null;
}

/** A forgotten-PIN link (DESIGN.md §14): only the token's SHA-256 is kept. */
export interface PinResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A link confirming a new email address, mailed to that address. */
export interface EmailChangeTokensTable {
  token_hash: string;
  user_id: string;
  new_email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A browser that signed in to an account: its signed id is the `grasp_device` cookie. */
export interface DevicesTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

/** One wrong PIN (or one attempt being checked) for a throttle key, at a time. */
export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: Timestamp;
}

export interface EmailVerificationTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface CaptchaUsesTable {
  token_hash: string;
  expires_at: Timestamp;
}

export interface ExplanationsTable {
  id: string;
  user_id: string;
  concept_name: string;
  query_key: string;
  template: string;
  difficulty: string;
  provider: string;
  /** The answer_texts row holding the answer; set on every row (see migration 0003). */
  answer_id: string;
  language: Generated<string>;
  /** The learner's material it was grounded in (migration 0010); kept after the material goes. */
  material_id: string | null;
  material_title: string | null;
  /** 1 when the model failed and the no-key explainer wrote it (migration 0027). */
  fallback: Generated<number>;
  created_at: Timestamp;
}

/** Each answer text once, named by its SHA-256. */
export interface AnswerTextsTable {
  id: string;
  text: string;
  /** JSON of the graph and suggested questions parsed out of the answer; null when it had none. */
  details_json: string | null;
}

export interface FollowUpsTable {
  id: string;
  explanation_id: string;
  /** The question normalised, so asking it again on the same explanation is free. */
  question_key: string;
  question: string;
  answer: string;
  created_at: Timestamp;
}

export interface ReExplanationsTable {
  id: string;
  explanation_id: string;
  section: string;
  approach: string;
  answer: string;
  created_at: Timestamp;
}

/** A quiz's questions with their answers, made once per answer text and shared. */
export interface QuizSetsTable {
  answer_id: string;
  questions_json: string;
  created_at: Timestamp;
}

/** One user's quiz on one explanation: its id is the quizId. */
export interface QuizAttemptsTable {
  id: string;
  explanation_id: string;
  user_id: string;
  answer_id: string;
  created_at: Timestamp;
}

export interface QuizAnswersTable {
  attempt_id: string;
  question_id: string;
  choice: number;
  /** 1 or 0: SQLite has no boolean. */
  correct: number;
  created_at: Timestamp;
}

/** A link to an explanation's public page (/s/{id}); deleted when revoked. */
export interface SharesTable {
  /** 128 random bits, base64url: the link cannot be guessed. */
  id: string;
  explanation_id: string;
  user_id: string;
  /** The explanation's concept. */
  title: string;
  /** `unlisted` or `public` (contract SHARE_VISIBILITIES). */
  visibility: string;
  created_at: Timestamp;
}

/** One user's recap card for one concept (the explanations' query_key), scheduled by FSRS. */
export interface RecapCardsTable {
  id: string;
  user_id: string;
  concept_key: string;
  query: string;
  /** The user's latest explanation of the concept, its answer text and when it was given. */
  explanation_id: string;
  answer_id: string;
  explained_at: Timestamp;
  takeaway: string;
  due_at: Timestamp;
  /** The ts-fsrs card (stability, difficulty, state, …) as JSON. */
  fsrs_json: string;
  /** Reviews made in /review (the first rating, from the quiz or by default, is not one). */
  reviews: Generated<number>;
  /** 1 once a completed quiz gave the first rating. */
  quiz_rated: Generated<number>;
  /** The first review rated good or easy: the concept counts as known. */
  known_at: Timestamp | null;
  /** Bumped by every write, so two reviews racing cannot both count. */
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecapReviewsTable {
  id: string;
  card_id: string;
  user_id: string;
  rating: string;
  reviewed_at: Timestamp;
  due_before: Timestamp;
  due_after: Timestamp;
}

/** How far a user's explanations have been turned into cards, and how many cards they have. */
export interface RecapSyncTable {
  user_id: string;
  /** '' until the first sync. */
  synced_until: Timestamp;
  cards: Generated<number>;
}

/** A user's reminder settings (DESIGN.md §11); no row: reminders off. */
export interface NotificationSettingsTable {
  user_id: string;
  /** 1 or 0. */
  email: number;
  push: number;
  /** The local hour (0–23) in `timezone`. */
  hour: number;
  timezone: string;
  updated_at: Timestamp;
}

/** One device's Web Push subscription. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

/** A day's reminder for a user, claimed before it is sent. */
export interface ReminderClaimsTable {
  id: string;
  user_id: string;
  /** The user's local date, YYYY-MM-DD. */
  day: string;
  /** `sending`, `sent` or `failed`. */
  state: string;
  attempts: Generated<number>;
  due: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExplanationCacheTable {
  cache_key: string;
  provider: string;
  response_json: string;
  created_at: Timestamp;
}

export interface UsageCyclesTable {
  id: string;
  user_id: string;
  plan: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  unit_limit: number | null;
  units_used: Generated<number>;
}

/** A unit taken for an answer not yet stored (see usage.service.ts). */
export interface UnitHoldsTable {
  id: string;
  cycle_id: string;
  created_at: Timestamp;
}

export interface DistillationsTable {
  id: string;
  user_id: string;
  subject: string;
  /** The subject as lib/query-key.ts normalises it: how a repeat is recognised. */
  subject_key: string;
  template: string;
  concepts_json: string;
  /** The learning map's {from, to} pairs as JSON; null for distillations stored before it. */
  prerequisites_json: string | null;
  created_at: Timestamp;
}

export interface PaymentsTable {
  merchant_transaction_id: string;
  user_id: string;
  gateway: string;
  product_id: string;
  amount_paise: number;
  state: string;
  gateway_transaction_id: string | null;
  upgraded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** GST state code the buyer chose at checkout; null means unknown (IGST). */
  buyer_state: string | null;
  /** Reconciliation's back-off: how often the status API was asked, and when to ask next. */
  check_attempts: Generated<number>;
  next_check_at: Timestamp | null;
}

export interface RefundsTable {
  merchant_refund_id: string;
  merchant_transaction_id: string;
  user_id: string;
  amount_paise: number;
  state: string;
  gateway_refund_id: string | null;
  /** Set once, by whoever moves the plan back to Free. */
  downgraded_at: Timestamp | null;
  check_attempts: Generated<number>;
  next_check_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceCountersTable {
  financial_year: string;
  last_number: number;
}

export interface InvoicesTable {
  id: string;
  financial_year: string;
  sequence: number;
  invoice_number: string;
  merchant_transaction_id: string;
  user_id: string;
  buyer_name: string;
  buyer_email: string;
  buyer_state: string | null;
  seller_json: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  issued_at: Timestamp;
}

export interface CreditNoteCountersTable {
  financial_year: string;
  last_number: number;
}

/** A refund's credit note (CGST s.34): the invoice's amounts, credited back. */
export interface CreditNotesTable {
  id: string;
  financial_year: string;
  sequence: number;
  credit_note_number: string;
  merchant_transaction_id: string;
  merchant_refund_id: string;
  invoice_id: string | null;
  invoice_number: string | null;
  user_id: string;
  buyer_name: string;
  buyer_email: string;
  buyer_state: string | null;
  seller_json: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  issued_at: Timestamp;
}

/** Every staff action, from the console or the command; append-only. */
export interface StaffActionsTable {
  id: string;
  at: Timestamp;
  actor_id: string | null;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string;
  reason: string;
  before_json: string | null;
  after_json: string | null;
}

/** A day's count of one metric (AI calls and tokens by provider and model, units, 5xx). */
export interface MeterDaysTable {
  day: string;
  metric: string;
  provider: string;
  model: string;
  /** bigint: PostgreSQL answers it as a string. */
  value: number | string;
}

/** Explanations by UTC day and provider, kept by a trigger on explanations (migration 0022). */
export interface ExplanationDaysTable {
  day: string;
  provider: string;
  explanations: number;
}

/** Who explained something on which UTC day (a deleted account's rows name nobody). */
export interface LearnerDaysTable {
  day: string;
  user_id: string;
}

/** How many learners explained something on a UTC day. */
export interface ActiveDaysTable {
  day: string;
  learners: number;
}

/** Accounts opened on a UTC day, kept by a trigger on users (migration 0022). */
export interface SignupDaysTable {
  day: string;
  sign_ups: number;
}

/** Each learner's last UTC day with an explanation. */
export interface LearnerLastDaysTable {
  user_id: string;
  day: string;
}

export interface RenewMailClaimsTable {
  cycle_id: string;
  user_id: string;
  claimed_at: Timestamp;
}

export interface PaymentEventsTable {
  id: string;
  merchant_transaction_id: string;
  state: string;
  source: string;
  detail_json: string | null;
  created_at: Timestamp;
}

export interface PageViewsTable {
  id: string;
  path: string;
  referrer: string | null;
  user_id: string | null;
  created_at: Timestamp;
}

/** A learner's material (DESIGN.md §10); the file itself is never stored. */
export interface MaterialsTable {
  id: string;
  user_id: string;
  title: string;
  /** Pages of the PDF; null for pasted text. */
  pages: number | null;
  chars: number;
  created_at: Timestamp;
}

/** A passage of a material, with its page; the full-text index follows it (migration 0010). */
export interface MaterialPassagesTable {
  id: Generated<number>;
  material_id: string;
  position: number;
  page: number | null;
  text: string;
}

/** A teacher's class (DESIGN.md §13). */
export interface ClassesTable {
  id: string;
  teacher_id: string;
  name: string;
  join_code: string;
  created_at: Timestamp;
}

export interface ClassMembersTable {
  class_id: string;
  user_id: string;
  joined_at: Timestamp;
}

export interface AssignmentsTable {
  id: string;
  class_id: string;
  title: string;
  due_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AssignmentConceptsTable {
  assignment_id: string;
  class_id: string;
  position: number;
  concept: string;
  concept_key: string;
}

/** A member's free explanation of an assigned concept, paid by the class: once per concept. */
export interface ClassClaimsTable {
  class_id: string;
  concept_key: string;
  user_id: string;
  template: string;
  difficulty: string;
  language: string;
  created_at: Timestamp;
}

export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  /** A bigint: PostgreSQL answers it as a string. */
  counter: ColumnType<number | string, number, number>;
  transports: Generated<string>;
  device_type: string;
  backed_up: Generated<number>;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface PasskeyChallengesTable {
  id: string;
  challenge: string;
  purpose: string;
  user_id: string | null;
  expires_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  email_verification_tokens: EmailVerificationTokensTable;
  login_failures: LoginFailuresTable;
  pin_reset_tokens: PinResetTokensTable;
  email_change_tokens: EmailChangeTokensTable;
  devices: DevicesTable;
  captcha_uses: CaptchaUsesTable;
  explanations: ExplanationsTable;
  explanation_cache: ExplanationCacheTable;
  answer_texts: AnswerTextsTable;
  usage_cycles: UsageCyclesTable;
  unit_holds: UnitHoldsTable;
  distillations: DistillationsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  credit_note_counters: CreditNoteCountersTable;
  credit_notes: CreditNotesTable;
  staff_actions: StaffActionsTable;
  meter_days: MeterDaysTable;
  explanation_days: ExplanationDaysTable;
  learner_days: LearnerDaysTable;
  active_days: ActiveDaysTable;
  learner_last_days: LearnerLastDaysTable;
  signup_days: SignupDaysTable;
  renew_mail_claims: RenewMailClaimsTable;
  page_views: PageViewsTable;
  follow_ups: FollowUpsTable;
  re_explanations: ReExplanationsTable;
  quiz_sets: QuizSetsTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_answers: QuizAnswersTable;
  shares: SharesTable;
  recap_cards: RecapCardsTable;
  recap_reviews: RecapReviewsTable;
  recap_sync: RecapSyncTable;
  materials: MaterialsTable;
  material_passages: MaterialPassagesTable;
  classes: ClassesTable;
  class_members: ClassMembersTable;
  assignments: AssignmentsTable;
  assignment_concepts: AssignmentConceptsTable;
  class_claims: ClassClaimsTable;
  notification_settings: NotificationSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_claims: ReminderClaimsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
