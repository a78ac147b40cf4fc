import type { ReactNode } from 'react';
import { adoptBlockStyles } from './adopt.js';

export interface ListRowProps {
  /** The row's main text. */
  label: ReactNode;
  /** A second line, in the muted colour. */
  description?: ReactNode;
  /** Shown before the text (an icon or image, 36px suits the modal's rows). */
  icon?: ReactNode;
  /** Shown at the end (a tag, an amount, a chevron). */
  end?: ReactNode;
  /** Makes the row a button (focusable, Enter and Space press it). Without it the row is plain content. */
  onClick?: () => void;
  disabled?: boolean;
}

/** One row of a list, like the modal's wallet and network rows: a <button> with onClick, else a plain row. */
export function ListRow({ label, description, icon, end, onClick, disabled = false }: ListRowProps) {
  const content = (
    <>
      {icon}
      <span className="latch-row-text">
        <span className="name">{label}</span>
        {description ? <span className="description">{description}</span> : null}
      </span>
      {end ? <span className="latch-row-end">{end}</span> : null}
    </>
  );
  if (!onClick) {
    return (
      <div className="row" ref={adoptBlockStyles} aria-disabled={disabled || undefined}>
        {content}
      </div>
    );
  }
  return (
    <button type="button" className="row" ref={adoptBlockStyles} onClick={onClick} disabled={disabled}>
      {content}
    </button>
  );
}
