import type { ReactNode } from 'react';
import { adoptBlockStyles } from './adopt.js';

export interface ViewHeaderProps {
  /** The view's heading (a level-3 heading: the modal's own title is level 2). */
  title: string;
  /** A line under it, in the muted colour. */
  description?: ReactNode;
}

/** The heading of a plugin view, with an optional description. */
export function ViewHeader({ title, description }: ViewHeaderProps) {
  return (
    <header className="latch-view-header" ref={adoptBlockStyles}>
      <h3>{title}</h3>
      {description ? <p>{description}</p> : null}
    </header>
  );
}
