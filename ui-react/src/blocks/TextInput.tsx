import { type InputHTMLAttributes, useId } from 'react';
import { adoptBlockStyles, classNames } from './adopt.js';

export type TextInputProps = InputHTMLAttributes<HTMLInputElement> & {
  /** The visible label, tied to the input (clicking it focuses the input; screen readers announce it). */
  label: string;
  /** A help line under the input, announced with it. */
  hint?: string;
  /** An error under the input: marks the input invalid and is announced with it. */
  error?: string;
};

/**
 * A labelled input. The label points at the input (`for`), the hint and the error are its description
 * (`aria-describedby`, after any the caller passes), and an error sets `aria-invalid`. `id` is generated
 * unless given.
 */
export function TextInput({ label, hint, error, id, className, ...props }: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field" ref={adoptBlockStyles}>
      <label htmlFor={inputId}>{label}</label>
      <input
        type="text"
        {...props}
        id={inputId}
        className={classNames('input', className)}
        aria-invalid={error ? true : props['aria-invalid']}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="hint error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
