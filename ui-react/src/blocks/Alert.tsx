import type { HTMLAttributes, ReactNode } from 'react';
import { adoptBlockStyles, classNames } from './adopt.js';

export type AlertProps = Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'title' | 'children'> & {
  /** 'error' and 'warning' interrupt a screen reader (role="alert"); 'info' and 'success' wait their turn (role="status"). */
  variant: 'info' | 'success' | 'warning' | 'error';
  /** A bold first line, in the variant's colour. */
  title?: string;
  children?: ReactNode;
};

/** A message inside a view: a surface box marked with the variant's colour. Other `<div>` attributes (`id`, `data-*`…) pass through. */
export function Alert({ variant, title, children, className, ...props }: AlertProps) {
  return (
    <div
      {...props}
      className={classNames('latch-alert', className)}
      data-variant={variant}
      role={variant === 'error' || variant === 'warning' ? 'alert' : 'status'}
      ref={adoptBlockStyles}
    >
      {title ? <strong>{title}</strong> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
