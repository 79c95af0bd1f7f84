import type { Migration } from 'kysely';
import * as initial from './0001-initial.ts';
import * as unitHolds from './0002-unit-holds.ts';
import * as answerTexts from './0003-answer-texts.ts';
import * as learning from './0004-learning.ts';
import * as recaps from './0005-recaps.ts';
import * as shares from './0006-shares.ts';
import * as distillationSubjectKeys from './0008-distillation-subject-keys.ts';
import * as materials from './0010-materials.ts';
import * as reminders from './0011-reminders.ts';
import * as paymentsV2 from './0012-payments-v2.ts';
import * as classes from './0013-classes.ts';
import * as uniqueFollowUps from './0014-unique-follow-ups.ts';
import * as account from './0016-account.ts';
import * as passkeys from './0017-passkeys.ts';
import * as operatorConsole from './0018-operator-console.ts';
import * as overviewRollups from './0022-overview-rollups.ts';
import * as interfaceLanguage from './0023-interface-language.ts';
import * as explanationFallback from './0027-explanation-fallback.ts';

/** Migrations in order; imported statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-unit-holds': unitHolds,
  '0003-answer-texts': answerTexts,
  '0004-learning': learning,
  '0005-recaps': recaps,
  '0006-shares': shares,
  // Numbered after the migrations of branches built beside it (0005–0007).
  '0008-distillation-subject-keys': distillationSubjectKeys,
  '0010-materials': materials,
  '0011-reminders': reminders,
  '0012-payments-v2': paymentsV2,
  '0013-classes': classes,
  // Numbered after the migrations of branches built beside it (0009–0013).
  '0014-unique-follow-ups': uniqueFollowUps,
  // Numbered after the migrations of branches built beside it (0015).
  '0016-account': account,
  '0017-passkeys': passkeys,
  '0018-operator-console': operatorConsole,
  // Numbered after the migrations of branches built beside it (0019–0021).
  '0022-overview-rollups': overviewRollups,
  '0023-interface-language': interfaceLanguage,
  // Numbered after the migrations of branches built beside it (0024–0026).
  '0027-explanation-fallback': explanationFallback,
};
