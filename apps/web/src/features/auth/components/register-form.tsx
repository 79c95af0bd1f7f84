import {
  AUTH_MESSAGES,
  MOBILE_LENGTH,
  type RegistrationInput,
  registrationProblem,
  VALIDATION_MESSAGES,
} from '@grasp/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { register } from '../api/register.ts';
import { registrationErrorMessage } from '../lib/auth-errors.ts';
import { digitsOnly } from '../lib/digits.ts';
import { Captcha, type CaptchaHandle } from './captcha.tsx';
import { FormAlert } from './form-alert.tsx';
import { PinField } from './pin-field.tsx';
import { PlanChoice, type PlanChoiceId } from './plan-choice.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';
import { TextField } from './text-field.tsx';

interface Values {
  username: string;
  email: string;
  mobile: string;
  pin: string;
  confirmPin: string;
  fullName: string;
  plan: PlanChoiceId;
  acceptTerms: boolean;
}

const EMPTY: Values = {
  username: '',
  email: '',
  mobile: '',
  pin: '',
  confirmPin: '',
  fullName: '',
  plan: 'free',
  acceptTerms: false,
};

/** Input names, in the order of SPEC.md §5 rule 3, so "fill in all fields" lands on the first gap. */
const REQUIRED: [name: string, key: keyof Values][] = [
  ['username', 'username'],
  ['email', 'email'],
  ['mobile', 'mobile'],
  ['pin', 'pin'],
  ['confirm_pin', 'confirmPin'],
  ['fullName', 'fullName'],
];

const FIELD_OF_PROBLEM: Record<string, string> = {
  [VALIDATION_MESSAGES.acceptTerms]: 'acceptTerms',
  [VALIDATION_MESSAGES.pinsDoNotMatch]: 'confirm_pin',
  [VALIDATION_MESSAGES.invalidEmail]: 'email',
  [VALIDATION_MESSAGES.invalidMobile]: 'mobile',
  [VALIDATION_MESSAGES.invalidPin]: 'pin',
  [AUTH_MESSAGES.invalidUsername]: 'username',
};

/** The input a validation message is about, if any (the captcha has none of its own). */
function fieldOfProblem(problem: string, values: Values): string | null {
  if (problem === VALIDATION_MESSAGES.fillAllFields) {
    return REQUIRED.find(([, key]) => !String(values[key]).trim())?.[0] ?? null;
  }
  return FIELD_OF_PROBLEM[problem] ?? null;
}

function toInput(values: Values, captchaToken: string): RegistrationInput {
  return { ...values, captchaToken };
}

interface RegisterFormProps {
  onRegistered: (message: string, username: string) => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [captchaToken, setCaptchaToken] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const alertId = useId();

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const fieldProps = (name: string) => ({
    name,
    'aria-invalid': invalidField === name || undefined,
    'aria-describedby': invalidField === name ? alertId : undefined,
  });

  function showError(form: HTMLFormElement, message: string, field: string | null) {
    setError(message);
    setInvalidField(field);
    const target = field ? form.elements.namedItem(field) : null;
    if (target instanceof HTMLElement) target.focus();
    else alertRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const token = captchaToken;
    const problem = registrationProblem(toInput(values, token));
    if (problem) {
      // SPEC.md §4: every attempt, even one stopped here, spends the captcha.
      captchaRef.current?.reset();
      showError(form, problem, fieldOfProblem(problem, values));
      return;
    }
    setSubmitting(true);
    setError(null);
    setInvalidField(null);
    try {
      const result = await register({
        username: values.username.trim(),
        email: values.email.trim(),
        mobile: values.mobile,
        pin: values.pin,
        confirm_pin: values.confirmPin,
        fullName: values.fullName.trim(),
        turnstileToken: token,
        planType: values.plan,
        acceptTerms: true,
      });
      onRegistered(result.message, values.username.trim());
    } catch (failure) {
      captchaRef.current?.reset();
      setSubmitting(false);
      showError(form, registrationErrorMessage(failure), null);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Create account">
      <FormAlert id={alertId} ref={alertRef} message={error} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={(e) => set('username', e.target.value)}
        {...fieldProps('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
        {...fieldProps('email')}
      />
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={MOBILE_LENGTH}
        value={values.mobile}
        onChange={(e) => set('mobile', digitsOnly(e.target.value, MOBILE_LENGTH))}
        {...fieldProps('mobile')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PinField
          label="PIN"
          autoComplete="new-password"
          value={values.pin}
          onValueChange={(pin) => set('pin', pin)}
          {...fieldProps('pin')}
        />
        <PinField
          label="Confirm PIN"
          autoComplete="new-password"
          value={values.confirmPin}
          onValueChange={(pin) => set('confirmPin', pin)}
          {...fieldProps('confirm_pin')}
        />
      </div>
      <TextField
        label="Full name"
        autoComplete="name"
        value={values.fullName}
        onChange={(e) => set('fullName', e.target.value)}
        {...fieldProps('fullName')}
      />
      <PlanChoice value={values.plan} onChange={(plan) => set('plan', plan)} />
      <TermsCheckbox
        checked={values.acceptTerms}
        onChange={(checked) => set('acceptTerms', checked)}
        invalid={invalidField === 'acceptTerms'}
        describedBy={invalidField === 'acceptTerms' ? alertId : undefined}
      />
      <Captcha ref={captchaRef} onToken={setCaptchaToken} />
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? 'Registering...' : 'Register'}
      </Button>
    </form>
  );
}
