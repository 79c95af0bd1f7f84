import { PIN_LENGTH } from '@grasp/contract';
import { type InputHTMLAttributes, type Ref, useId, useState } from 'react';
import { digitsOnly } from '../lib/digits.ts';
import { inputClass, labelClass } from './field-styles.ts';
import { EyeIcon } from './icons.tsx';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'onChange' | 'inputMode' | 'maxLength'
>;

interface PinFieldProps extends NativeProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A PIN input that takes digits only, at most four, with its own show/hide toggle. */
export function PinField({ label, value, onValueChange, className = '', ...props }: PinFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={PIN_LENGTH}
          value={value}
          onChange={(event) => onValueChange(digitsOnly(event.target.value, PIN_LENGTH))}
          className={`${inputClass} pr-11 tracking-widest`}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label}`}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
    </div>
  );
}
