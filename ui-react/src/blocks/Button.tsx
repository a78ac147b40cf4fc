import type { ButtonHTMLAttributes } from 'react';
import { adoptBlockStyles, classNames } from './adopt.js';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** 'primary': the accent background; 'secondary' (the default): the surface, with a border. */
  variant?: 'primary' | 'secondary';
  /** Full width. */
  block?: boolean;
};

/**
 * The modal's button. `type` is 'button' unless given (pass `type="submit"` in a form), so a button in a
 * form never submits it by accident. Disabled buttons are skipped by Tab, as native ones are.
 */
export function Button({ variant = 'secondary', block = false, className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      ref={adoptBlockStyles}
      className={classNames('button', variant === 'primary' && 'primary', block && 'block', className)}
    />
  );
}
