import { DEFAULT_LANGUAGE, LANGUAGE_IDS, type LanguageId } from '@grasp/contract';
import {
  SERVER_CATALOGS,
  type ServerCatalog,
  type ServerMessageKey,
} from '@grasp/contract/server-catalogs';
import IntlMessageFormat from 'intl-messageformat';
import Negotiator from 'negotiator';

export type { ServerMessageKey } from '@grasp/contract/server-catalogs';

/**
 * A value is a string, a number, a message of its own (said in the same language), or names
 * to list as alternatives ("a, b or c" in that language).
 */
export type MessageValues = { [name: string]: string | number | Message | { or: string[] } };

/** A sentence named by its catalog key, with its values: what a service hands the edge. */
export interface Message {
  key: ServerMessageKey;
  values?: MessageValues;
}

/**
 * Each interface language's Intl locale: India's conventions (₹1,00,000, dates) in Latin digits
 * (DESIGN.md §17), which bn-IN and mr-IN would otherwise write in their own scripts' digits.
 */
export const INTL_LOCALES: Record<LanguageId, string> = {
  en: 'en-IN',
  hi: 'hi-IN-u-nu-latn',
  bn: 'bn-IN-u-nu-latn',
  mr: 'mr-IN-u-nu-latn',
  ta: 'ta-IN-u-nu-latn',
  te: 'te-IN-u-nu-latn',
};

const catalogOf = (language: LanguageId): ServerCatalog => SERVER_CATALOGS[language];

const compiled = new Map<string, IntlMessageFormat>();

function formatter(language: LanguageId, key: ServerMessageKey): IntlMessageFormat {
  const id = `${language}:${key}`;
  let format = compiled.get(id);
  if (!format) {
    // Mails escape what they put in HTML themselves: no message is markup.
    format = new IntlMessageFormat(catalogOf(language)[key], INTL_LOCALES[language], undefined, {
      ignoreTag: true,
    });
    compiled.set(id, format);
  }
  return format;
}

/** The message in a language, its plurals and numbers by that locale's rules. */
export function translate(
  language: LanguageId,
  key: ServerMessageKey,
  values?: MessageValues,
): string {
  if (!values) return String(formatter(language, key).format());
  const said: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'object') said[name] = value;
    else if ('or' in value) said[name] = orList(language, value.or);
    else said[name] = translate(language, value.key, value.values);
  }
  return String(formatter(language, key).format(said));
}

/** A translator bound to one language: what a mail or a response is written with. */
export type Translate = (key: ServerMessageKey, values?: MessageValues) => string;
export const translatorFor =
  (language: LanguageId): Translate =>
  (key, values) =>
    translate(language, key, values);

/**
 * The English sentences services still return (the contract's constants): each one's key, so
 * the edge can say it in the request's language. Only messages without values are looked up.
 */
const keyOfEnglish = new Map<string, ServerMessageKey>();
for (const key of Object.keys(catalogOf('en')) as ServerMessageKey[]) {
  const ast = formatter('en', key).getAst();
  if (ast.every((element) => element.type === 0)) {
    const text = translate('en', key);
    if (!keyOfEnglish.has(text)) keyOfEnglish.set(text, key);
  }
}

/** The catalog key of an English sentence, when the catalogs hold it. */
export const keyOfText = (text: string): ServerMessageKey | undefined => keyOfEnglish.get(text);

/** An English sentence in another language, when the catalogs hold it; else as it is. */
export function localizeText(language: LanguageId, text: string): string {
  if (language === 'en') return text;
  const key = keyOfEnglish.get(text);
  return key ? translate(language, key) : text;
}

/** Headers already negotiated: browsers send a few values over and over, and most answers ask. */
const negotiated = new Map<string, LanguageId>();
const NEGOTIATED_KEPT = 1000;

/**
 * The best of the six for an Accept-Language header (RFC 9110 §12.5.4, by `negotiator`), else
 * English: `hi-IN` gets hi, `fr, ta;q=0.5` ta, `fr` en.
 */
export function negotiateLanguage(acceptLanguage: string | undefined): LanguageId {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  let language = negotiated.get(acceptLanguage);
  if (!language) {
    const negotiator = new Negotiator({ headers: { 'accept-language': acceptLanguage } });
    const best = negotiator.language([...LANGUAGE_IDS]);
    language = isLanguageId(best) ? best : DEFAULT_LANGUAGE;
    // A flood of made-up headers only refills this, and a long one is not kept at all.
    if (acceptLanguage.length <= 200) {
      if (negotiated.size >= NEGOTIATED_KEPT) negotiated.clear();
      negotiated.set(acceptLanguage, language);
    }
  }
  return language;
}

export function isLanguageId(value: unknown): value is LanguageId {
  return typeof value === 'string' && (LANGUAGE_IDS as readonly string[]).includes(value);
}

/** "a, b or c" in the language (Intl.ListFormat), never joined by hand. */
export function orList(language: LanguageId, items: readonly string[]): string {
  return new Intl.ListFormat(INTL_LOCALES[language], { type: 'disjunction' }).format(items);
}

/** The wait of a "try again in …" message: seconds under a minute, else whole minutes up. */
export function waitValues(seconds: number): { unit: 'second' | 'minute'; count: number } {
  return seconds < 60
    ? { unit: 'second', count: seconds }
    : { unit: 'minute', count: Math.ceil(seconds / 60) };
}
