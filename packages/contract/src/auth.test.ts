import { describe, expect, it } from 'vitest';
import { type RegistrationInput, registrationProblem } from './auth.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

const valid: RegistrationInput = {
  acceptTerms: true,
  captchaToken: 'token',
  username: 'ada_l',
  email: 'ada@example.com',
  mobile: '9876543210',
  pin: '1234',
  confirmPin: '1234',
  fullName: 'Ada Lovelace',
};

describe('registrationProblem', () => {
  it('accepts a valid registration', () => {
    expect(registrationProblem(valid)).toBeNull();
  });

  it.each<[Partial<RegistrationInput>, string]>([
    [{ acceptTerms: false, captchaToken: '', username: '' }, VALIDATION_MESSAGES.acceptTerms],
    [{ captchaToken: '', username: '' }, VALIDATION_MESSAGES.captchaRequired],
    [{ fullName: '  ', pin: '1', confirmPin: '2' }, VALIDATION_MESSAGES.fillAllFields],
    [{ pin: '1234', confirmPin: '1235', email: 'bad' }, VALIDATION_MESSAGES.pinsDoNotMatch],
    [{ email: 'not-an-email', mobile: '12' }, VALIDATION_MESSAGES.invalidEmail],
    [{ mobile: '98765', pin: '12', confirmPin: '12' }, VALIDATION_MESSAGES.invalidMobile],
    [{ mobile: '98765432101' }, VALIDATION_MESSAGES.invalidMobile],
    [{ pin: '12a4', confirmPin: '12a4' }, VALIDATION_MESSAGES.invalidPin],
    [{ pin: '12345', confirmPin: '12345' }, VALIDATION_MESSAGES.invalidPin],
  ])('reports the first broken rule (%o)', (change, message) => {
    expect(registrationProblem({ ...valid, ...change })).toBe(message);
  });

  it('refuses a username with spaces', () => {
    expect(registrationProblem({ ...valid, username: 'ada l' })).toMatch(/Username/);
  });
});
