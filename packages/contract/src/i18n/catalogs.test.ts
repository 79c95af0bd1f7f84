import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import * as contract from '../index.ts';
import { LANGUAGE_IDS } from '../languages.ts';
import {
  SERVER_CATALOGS,
  SERVER_MESSAGE_GROUPS,
  type ServerMessageKey,
} from './server-catalogs.ts';

/** Each argument a message takes, with its kind; select arguments with their cases. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, string>()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, into);
      continue;
    }
    let kind = TYPE[element.type];
    if (element.type === TYPE.select) kind += `(${Object.keys(element.options).sort().join('|')})`;
    into.set(element.value, kind);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

const parsed = (message: string) => parse(message, { ignoreTag: true, requiresOtherClause: true });
const english = SERVER_CATALOGS.en;
const keys = Object.keys(english) as ServerMessageKey[];

describe('the server catalogs (DESIGN.md §17)', () => {
  it.each(LANGUAGE_IDS)('%s holds every key of en and no other', (language) => {
    expect(Object.keys(SERVER_CATALOGS[language]).sort()).toEqual([...keys].sort());
  });

  it.each(LANGUAGE_IDS)(
    '%s: every message is valid ICU with the placeholders of en',
    (language) => {
      const catalog = SERVER_CATALOGS[language];
      for (const key of keys) {
        const message = catalog[key];
        expect(message.trim(), `${language} ${key}`).not.toBe('');
        expect(() => parsed(message), `${language} ${key}`).not.toThrow();
        expect(argumentsOf(parsed(message)), `${language} ${key}`).toEqual(
          argumentsOf(parsed(english[key])),
        );
      }
    },
  );

  it('says in English exactly what the contract’s constants say', () => {
    let compared = 0;
    for (const [group, constant] of Object.entries(SERVER_MESSAGE_GROUPS)) {
      const messages = (contract as unknown as Record<string, Record<string, unknown>>)[constant];
      expect(messages, constant).toBeDefined();
      for (const [name, text] of Object.entries(messages ?? {})) {
        const key = `${group}.${name}` as ServerMessageKey;
        if (typeof text !== 'string' || !(key in english)) continue;
        const elements = parsed(english[key]);
        const literal = elements.every((e) => e.type === TYPE.literal)
          ? elements.map((e) => (e.type === TYPE.literal ? e.value : '')).join('')
          : null;
        expect(literal, key).toBe(text);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(80);
  });

  it('names each key after a known group', () => {
    const groups = new Set([...Object.keys(SERVER_MESSAGE_GROUPS), 'server', 'mail', 'reminder']);
    for (const key of keys) expect(groups.has(key.split('.')[0] ?? ''), key).toBe(true);
  });
});
