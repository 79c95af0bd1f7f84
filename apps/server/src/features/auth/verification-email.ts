import { PRODUCT_NAME } from '@grasp/contract';
import type { Mail } from '../../lib/mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationEmail(to: string, fullName: string, link: string): Mail {
  const name = fullName.trim() || 'there';
  return {
    to,
    subject: `Verify your ${PRODUCT_NAME} account`,
    text: `Hi ${name},\n\nWelcome to ${PRODUCT_NAME}! Confirm your email address by opening this link within 24 hours:\n\n${link}\n\nIf you did not create an account, you can ignore this email.\n`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>Welcome to ${PRODUCT_NAME}! Confirm your email address within 24 hours:</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>Or paste this link into your browser: ${escapeHtml(link)}</p><p>If you did not create an account, you can ignore this email.</p>`,
  };
}
