import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  invalid: boolean;
  describedBy?: string;
}

const linkClass =
  'font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400';

/** The legal pages open in a new tab so the half-filled form is not lost. */
export function TermsCheckbox({ checked, onChange, invalid, describedBy }: TermsCheckboxProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        name="acceptTerms"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-600"
      />
      <label htmlFor={id} className="text-slate-700 dark:text-slate-300">
        I accept the{' '}
        <Link to={paths.terms} target="_blank" rel="noopener" className={linkClass}>
          Terms and Conditions
        </Link>{' '}
        and{' '}
        <Link to={paths.privacy} target="_blank" rel="noopener" className={linkClass}>
          Privacy Policy
        </Link>
      </label>
    </div>
  );
}
