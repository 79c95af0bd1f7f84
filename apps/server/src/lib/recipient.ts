import type { LanguageId } from '@grasp/contract';
import type { UserRow } from '../db/types.ts';
import { type Translate, translatorFor } from './i18n.ts';
import { interfaceLanguageOf } from './present-user.ts';

/** Who a mail goes to, and the language it is written in (DESIGN.md §17: the recipient's). */
export interface Recipient {
  to: string;
  name: string;
  language: LanguageId;
}

export function recipientOf(
  user: Pick<UserRow, 'email' | 'full_name' | 'interface_language'>,
): Recipient {
  return { to: user.email, name: user.full_name, language: interfaceLanguageOf(user) };
}

/** The mail's words: its translator and the greeting, with or without a name. */
export function mailWords(recipient: Recipient): { t: Translate; greeting: string } {
  const t = translatorFor(recipient.language);
  const name = recipient.name.trim();
  return { t, greeting: name ? t('mail.greeting', { name }) : t('mail.greetingNoName') };
}
