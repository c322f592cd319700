import type { InputHTMLAttributes } from 'react';
import { inputClass, labelClass } from './styles';

type TTextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string | undefined;
};

/** A labelled input whose error is tied to it for assistive technology. */
export const TextField = ({ id, label, error, ...input }: TTextFieldProps) => (
  <div>
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={inputClass}
      {...input}
    />
    {error && (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
        {error}
      </p>
    )}
  </div>
);
