import { BLOCKS_CSS } from '../theme/blockStyles.js';
import { adoptStyles } from '../theme/ViewStyles.js';

/**
 * A ref callback for a block's outer element: adds the blocks' stylesheet to the modal's shadow root
 * when the element is attached (before the browser paints it). Stable, so React calls it once per mount.
 */
export function adoptBlockStyles(node: Element | null): void {
  if (node) adoptStyles(node, BLOCKS_CSS);
}

/** Joins class names, skipping empty ones. */
export function classNames(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
