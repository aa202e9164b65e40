/** A box on the screen, in viewport pixels (as getBoundingClientRect gives it). */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface ToastLiftInput {
  viewportHeight: number;
  /** The toast stack's height and, through left/right, the column it occupies. */
  stack: { height: number; left: number; right: number };
  /** Rows of primary buttons on the screen. */
  actions: readonly Box[];
  /** The distance from the bottom edge when nothing is in the way. */
  base: number;
  /** Room left between a row of buttons and the stack above it. */
  gap: number;
}

/**
 * How far above the viewport's bottom edge the toast stack sits so that it covers no row of primary
 * buttons: it starts at `base` and rises above each row it would overlap, lowest first. Rows outside
 * the stack's column or off the screen are not in the way. The stack never leaves the screen: where
 * the rows leave it no room, it stops at the top edge.
 */
export function toastLift({ viewportHeight, stack, actions, base, gap }: ToastLiftInput): number {
  if (stack.height <= 0) return base;
  const inTheWay = actions
    .filter((row) => row.right > stack.left && row.left < stack.right)
    .filter((row) => row.bottom > 0 && row.top < viewportHeight)
    .sort((a, b) => b.top - a.top);
  let lift = base;
  for (const row of inTheWay) {
    const stackBottom = viewportHeight - lift;
    const stackTop = stackBottom - stack.height;
    if (row.top < stackBottom && row.bottom > stackTop) lift = viewportHeight - row.top + gap;
  }
  return Math.max(base, Math.min(lift, viewportHeight - stack.height - gap));
}
