import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '@grasp/contract';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  CLASS_MESSAGES,
  LANGUAGE_IDS,
  REMINDER_MESSAGES,
  VALIDATION_MESSAGES,
} from '@grasp/contract';
import { SERVER_CATALOGS, SERVER_MESSAGE_GROUPS } from '@grasp/contract/server-catalogs';
import { describe, expect, it } from 'vitest';
import {
  keyOfText,
  localizeText,
  negotiateLanguage,
  type ServerMessageKey,
  translate,
  waitValues,
} from './i18n.ts';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7', 'hi'],
    ['fr', 'en'],
    ['fr-FR, ta;q=0.5', 'ta'],
    ['en;q=0.5, te', 'te'],
    ['bn-BD', 'bn'],
    ['mr;q=0', 'en'],
    ['*', 'en'],
    ['de, mr-IN;q=0.2, hi;q=0.1', 'mr'],
  ])('%j → %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });
});

describe('translate', () => {
  it('says plurals by the language’s rules', () => {
    expect(translate('en', 'reminder.dueTitle', { due: 1 })).toBe('1 recap due');
    expect(translate('en', 'reminder.dueTitle', { due: 4 })).toBe('4 recaps due');
    expect(translate('mr', 'reminder.dueTitle', { due: 1 })).toBe('1 उजळणी बाकी');
    expect(translate('mr', 'reminder.dueTitle', { due: 4 })).toBe('4 उजळण्या बाकी');
    expect(translate('te', 'reminder.dueTitle', { due: 4 })).toBe('4 రివిజన్లు మిగిలి ఉన్నాయి');
  });

  it('writes numbers in Latin digits with Indian grouping, whatever the script', () => {
    for (const language of LANGUAGE_IDS) {
      const message = translate(language, 'server.tooManyRequests', { seconds: 120_000 });
      expect(message, language).toContain('1,20,000');
    }
  });

  it('says nested messages and lists of alternatives in the same language', () => {
    expect(
      translate('hi', 'server.fieldMessage', {
        field: 'name',
        message: { key: 'validation.nulCharacter' },
      }),
    ).toBe('name: इसमें NUL अक्षर नहीं होना चाहिए');
    expect(
      translate('hi', 'server.offlineCannotAnswerChoose', { providers: { or: ['A', 'B', 'C'] } }),
    ).toContain('A, B या C चुनें');
    expect(
      translate('en', 'server.offlineCannotAnswerChoose', { providers: { or: ['A', 'B'] } }),
    ).toBe('The offline dictionary cannot answer this. Choose A or B and ask again.');
  });

  it('finds the contract’s English sentences and leaves unknown ones as they are', () => {
    expect(keyOfText(VALIDATION_MESSAGES.invalidPin)).toBe('validation.invalidPin');
    expect(localizeText('ta', VALIDATION_MESSAGES.invalidPin)).toBe(
      SERVER_CATALOGS.ta['validation.invalidPin'],
    );
    expect(localizeText('ta', 'Something nobody wrote down')).toBe('Something nobody wrote down');
    expect(localizeText('en', VALIDATION_MESSAGES.invalidPin)).toBe(VALIDATION_MESSAGES.invalidPin);
  });
});

describe('the English catalog beside the contract’s message functions', () => {
  it.each([1, 2, 45, 59, 60, 61, 119, 3600])('waits of %i s read the same', (seconds) => {
    const wait = waitValues(seconds);
    expect(translate('en', 'auth.locked', wait)).toBe(AUTH_MESSAGES.locked(seconds));
    expect(translate('en', 'auth.registrationsPaused', wait)).toBe(
      AUTH_MESSAGES.registrationsPaused(seconds),
    );
    expect(translate('en', 'auth.signInsPaused', wait)).toBe(AUTH_MESSAGES.signInsPaused(seconds));
    expect(translate('en', 'auth.resendsPaused', wait)).toBe(AUTH_MESSAGES.resendsPaused(seconds));
    // The catalog groups digits (3,600); the contract's own sentences never reach 1,000.
    if (seconds >= 1000) return;
    expect(translate('en', 'classes.joinsPaused', { seconds })).toBe(
      CLASS_MESSAGES.joinsPaused(seconds),
    );
    expect(translate('en', 'classes.joinsPausedForAccount', { seconds })).toBe(
      CLASS_MESSAGES.joinsPausedForAccount(seconds),
    );
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    expect(translate('en', 'account.exportsPaused', { minutes })).toBe(
      ACCOUNT_MESSAGES.exportsPaused(minutes),
    );
  });

  it.each([1, 2, 12])('reminders of %i recaps read the same', (due) => {
    expect(translate('en', 'reminder.dueTitle', { due })).toBe(REMINDER_MESSAGES.dueTitle(due));
    expect(translate('en', 'reminder.streakTitle', { due, days: 7 })).toBe(
      `${REMINDER_MESSAGES.streakTitle(7)}: ${REMINDER_MESSAGES.dueTitle(due)}`,
    );
    expect(translate('en', 'reminder.body', { due })).toBe(REMINDER_MESSAGES.body(due));
    expect(translate('en', 'reminder.unsubscribeLine')).toBe(REMINDER_MESSAGES.unsubscribeLine);
  });
});

/** Every non-test source file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
}

describe('the catalogs hold what the server can say', () => {
  it('every contract message the server or the contract’s rules send has a key', () => {
    const groupOf = new Map(Object.entries(SERVER_MESSAGE_GROUPS).map(([g, c]) => [c, g]));
    const server = sources(join(import.meta.dirname, '..'));
    const constants = Object.values(SERVER_MESSAGE_GROUPS).join('|');
    const rules = sources(join(import.meta.dirname, '../../../../packages/contract/src')).flatMap(
      // What the contract's rules return and its schemas refuse with reaches the API too.
      (text) =>
        [...text.matchAll(new RegExp(`(?:return |\\(\\w+, )((?:${constants})\\.\\w+)`, 'g'))].map(
          (m) => m[1],
        ),
    );
    const named = new Set([
      ...server.flatMap((text) =>
        [...text.matchAll(new RegExp(`\\b(?:${constants})\\.\\w+`, 'g'))].map((m) => m[0]),
      ),
      ...rules,
    ]);
    const missing: string[] = [];
    let checked = 0;
    for (const name of named) {
      const [constant = '', entry = ''] = (name ?? '').split('.');
      const group = groupOf.get(constant as never);
      const value = (contract as unknown as Record<string, Record<string, unknown>>)[constant]?.[
        entry
      ];
      if (!group || value === undefined) continue;
      checked++;
      if (!(`${group}.${entry}` in SERVER_CATALOGS.en)) missing.push(name ?? '');
    }
    expect(checked).toBeGreaterThan(90);
    expect(missing).toEqual([]);
  });

  it('no key is kept that nothing can ask for twice under one English sentence', () => {
    const seen = new Map<string, ServerMessageKey>();
    for (const [key, text] of Object.entries(SERVER_CATALOGS.en) as [ServerMessageKey, string][]) {
      const twin = seen.get(text);
      // Two keys with one English sentence say it alike in every language, or the lookup lies.
      if (twin) {
        for (const language of LANGUAGE_IDS) {
          expect(SERVER_CATALOGS[language][key], `${language} ${key}`).toBe(
            SERVER_CATALOGS[language][twin],
          );
        }
      }
      seen.set(text, key);
    }
  });
});
