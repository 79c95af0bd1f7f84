import { type InputHTMLAttributes, type Ref, useId } from 'react';
import { inputClass, labelClass } from './field-styles.ts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, className = '', ...props }: TextFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} {...props} />
    </div>
  );
}
