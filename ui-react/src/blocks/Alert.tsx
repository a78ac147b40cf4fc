import type { ReactNode } from 'react';
import { adoptBlockStyles } from './adopt.js';

export interface AlertProps {
  /** 'error' and 'warning' interrupt a screen reader (role="alert"); 'info' and 'success' wait their turn (role="status"). */
  variant: 'info' | 'success' | 'warning' | 'error';
  /** A bold first line, in the variant's colour. */
  title?: string;
  children?: ReactNode;
}

/** A message inside a view: a surface box marked with the variant's colour. */
export function Alert({ variant, title, children }: AlertProps) {
  return (
    <div
      className="latch-alert"
      data-variant={variant}
      role={variant === 'error' || variant === 'warning' ? 'alert' : 'status'}
      ref={adoptBlockStyles}
    >
      {title ? <strong>{title}</strong> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
