import { AUTH_MESSAGES, ERROR_CODES, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@grasp/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  altchaChallenge,
  callsTo,
  deferred,
  errorBody,
  json,
  type Route,
  stubApi,
  timesOut,
} from '../testing/auth-fixtures.ts';
import { fakeAltcha } from '../testing/fake-altcha.ts';
import { RegisterForm } from './register-form.tsx';

vi.mock('altcha', () => ({}));

interface Filled {
  username: string;
  email: string;
  mobile: string;
  pin: string;
  confirmPin: string;
  fullName: string;
  terms: boolean;
}

const VALID: Filled = {
  username: 'asha',
  email: 'asha@example.org',
  mobile: '9876543210',
  pin: '1234',
  confirmPin: '1234',
  fullName: 'Asha Rao',
  terms: true,
};

/** Answers each captcha fetch with a new challenge: c1, c2, … */
function captchaRoute(): Route {
  let n = 0;
  return () => {
    n += 1;
    return altchaChallenge(`c${n}`);
  };
}

function renderForm(register: Route = () => json({ success: true, message: 'ok' })) {
  const fetchMock = stubApi({
    'GET /api/auth/captcha': captchaRoute(),
    'POST /api/auth/register': register,
  });
  const onRegistered = vi.fn();
  render(
    <MemoryRouter>
      <RegisterForm onRegistered={onRegistered} />
    </MemoryRouter>,
  );
  return { fetchMock, onRegistered };
}

async function fill(values: Partial<Filled>) {
  const fields: [keyof Filled, string][] = [
    ['username', 'Username'],
    ['email', 'Email'],
    ['mobile', 'Mobile number'],
    ['pin', 'PIN'],
    ['confirmPin', 'Confirm PIN'],
    ['fullName', 'Full name'],
  ];
  for (const [key, label] of fields) {
    const value = values[key];
    if (typeof value === 'string' && value) {
      await userEvent.type(screen.getByLabelText(label), value);
    }
  }
  if (values.terms) await userEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
}

const captchaSolved = () => waitFor(() => expect(fakeAltcha.solved).toBeGreaterThan(0));
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register' }));

describe('RegisterForm', () => {
  beforeEach(() => {
    fakeAltcha.autoSolve = true;
    fakeAltcha.solved = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  // Each case breaks one rule and every later one, so only the order decides what shows.
  describe('checks the rules of SPEC.md §5 in order', () => {
    it('1. terms first', async () => {
      const { fetchMock } = renderForm();
      await captchaSolved();
      await fill({ ...VALID, terms: false, confirmPin: '9999', email: 'bad' });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.acceptTerms);
      expect(screen.getByRole('checkbox', { name: /I accept the/ })).toHaveFocus();
      expect(callsTo(fetchMock, '/api/auth/register')).toHaveLength(0);
    });

    it('2. then the captcha', async () => {
      fakeAltcha.autoSolve = false;
      renderForm();
      await screen.findByText("I'm not a robot");
      await fill({ terms: true });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.captchaRequired);
    });

    it('3. then every field present', async () => {
      renderForm();
      await captchaSolved();
      await fill({ ...VALID, mobile: '', confirmPin: '12', email: 'bad' });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.fillAllFields);
      expect(screen.getByLabelText('Mobile number')).toHaveFocus();
      expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    });

    it('4. then the PINs match', async () => {
      renderForm();
      await captchaSolved();
      await fill({ ...VALID, confirmPin: '4321', email: 'bad', mobile: '12' });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.pinsDoNotMatch);
      expect(screen.getByLabelText('Confirm PIN')).toHaveFocus();
    });

    it('5. then the email shape', async () => {
      renderForm();
      await captchaSolved();
      await fill({ ...VALID, email: 'asha@example', mobile: '12', pin: '12', confirmPin: '12' });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.invalidEmail);
      expect(screen.getByLabelText('Email')).toHaveFocus();
    });

    it('6. then a 10-digit mobile', async () => {
      renderForm();
      await captchaSolved();
      await fill({ ...VALID, mobile: '98765', pin: '12', confirmPin: '12' });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.invalidMobile);
      expect(screen.getByLabelText('Mobile number')).toHaveFocus();
    });

    it('7. then a 4-digit PIN', async () => {
      renderForm();
      await captchaSolved();
      await fill({ ...VALID, pin: '123', confirmPin: '123', username: 'a b' });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.invalidPin);
      expect(screen.getByLabelText('PIN')).toHaveFocus();
    });

    it('8. and last the username shape the server also checks', async () => {
      renderForm();
      await captchaSolved();
      await fill({ ...VALID, username: 'a b' });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidUsername);
    });
  });

  it('takes only digits in the PINs, at most four, and in the mobile, at most ten', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('PIN'), 'a1b2c3d45');
    await userEvent.type(screen.getByLabelText('Confirm PIN'), '98x765');
    await userEvent.type(screen.getByLabelText('Mobile number'), '+91 98765-432109');
    expect(screen.getByLabelText('PIN')).toHaveValue('1234');
    expect(screen.getByLabelText('Confirm PIN')).toHaveValue('9876');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9198765432');
    expect(screen.getByLabelText('PIN')).toHaveAttribute('inputmode', 'numeric');
  });

  it('shows and hides each PIN on its own', async () => {
    renderForm();
    expect(screen.getByLabelText('PIN')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show PIN' }));
    expect(screen.getByLabelText('PIN')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm PIN')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show Confirm PIN' }));
    expect(screen.getByLabelText('Confirm PIN')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide PIN' }));
    expect(screen.getByLabelText('PIN')).toHaveAttribute('type', 'password');
  });

  it('sends the registration payload with the captcha payload and Free by default', async () => {
    const { fetchMock, onRegistered } = renderForm(() =>
      json({ success: true, message: AUTH_MESSAGES.registered }),
    );
    await captchaSolved();
    await fill({ ...VALID, username: ' asha ' });
    await submit();
    await waitFor(() =>
      expect(onRegistered).toHaveBeenCalledWith(AUTH_MESSAGES.registered, 'asha'),
    );
    expect(callsTo(fetchMock, '/api/auth/register')[0]?.body).toEqual({
      username: 'asha',
      email: 'asha@example.org',
      mobile: '9876543210',
      pin: '1234',
      confirm_pin: '1234',
      fullName: 'Asha Rao',
      turnstileToken: 'payload-c1',
      planType: 'free',
      acceptTerms: true,
    });
  });

  it('sends Pro when chosen', async () => {
    const { fetchMock } = renderForm();
    await captchaSolved();
    expect(screen.getByRole('radio', { name: /Free/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    await fill(VALID);
    await submit();
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/register')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/auth/register')[0]?.body).toMatchObject({ planType: 'pro' });
  });

  it('resets the captcha after every attempt, so the next one carries a new token', async () => {
    const { fetchMock } = renderForm(() => errorBody(409, 'CONFLICT', AUTH_MESSAGES.usernameTaken));
    await captchaSolved();
    await fill({ ...VALID, terms: false });
    await submit(); // stopped by validation: still spends the captcha
    expect(callsTo(fetchMock, '/api/auth/captcha')).toHaveLength(2);
    await waitFor(() => expect(fakeAltcha.solved).toBe(2));

    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await submit(); // reaches the server, which refuses
    expect(await screen.findByText(AUTH_MESSAGES.usernameTaken)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/register')[0]?.body).toMatchObject({
      turnstileToken: 'payload-c2',
    });
    expect(callsTo(fetchMock, '/api/auth/captcha')).toHaveLength(3);

    // Submitting before the new challenge is solved finds the token cleared.
    fakeAltcha.autoSolve = false;
    await submit();
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.captchaRequired);
  });

  it('reads "Registering..." while the call runs', async () => {
    const pending = deferred();
    const { onRegistered } = renderForm(pending.route);
    await captchaSolved();
    await fill(VALID);
    await submit();
    expect(screen.getByRole('button', { name: 'Registering...' })).toBeDisabled();
    pending.release(json({ success: true, message: 'done' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
  });

  it.each([
    ['a timeout', timesOut, ERROR_MESSAGES.registrationTimeout],
    [
      "the server's message",
      () => errorBody(400, ERROR_CODES.captchaFailed, ERROR_MESSAGES.captchaFailed),
      ERROR_MESSAGES.captchaFailed,
    ],
    [
      'a bodiless failure',
      () => new Response('', { status: 502 }),
      ERROR_MESSAGES.registrationFailed,
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('offline')),
      ERROR_MESSAGES.registrationFailed,
    ],
  ])('shows the right message for %s', async (_name, answer, message) => {
    renderForm(answer);
    await captchaSolved();
    await fill(VALID);
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('says when the captcha cannot load, and retries', async () => {
    let attempts = 0;
    stubApi({
      'GET /api/auth/captcha': () => {
        attempts += 1;
        return attempts === 1 ? new Response('', { status: 503 }) : altchaChallenge('c2');
      },
    });
    render(
      <MemoryRouter>
        <RegisterForm onRegistered={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(ERROR_MESSAGES.captchaFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("I'm not a robot")).toBeInTheDocument();
    expect(screen.queryByText(ERROR_MESSAGES.captchaFailed)).toBeNull();
  });
});
