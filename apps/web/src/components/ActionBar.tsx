import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import './actionBar.css';

/** Marks the rows of primary buttons; app/Toasts keeps the toast stack off every one of them. */
export const PRIMARY_ACTIONS_ATTRIBUTE = 'data-primary-actions';

/**
 * A page's or a dialog's primary buttons (Save, Issue, Cancel …). The row sticks to the bottom edge
 * while its form scrolls, so on a phone the buttons are at hand without scrolling to the end, and
 * toasts rise above it instead of covering it.
 */
export function ActionBar({
  children,
  justify = 'flex-end',
}: {
  children: ReactNode;
  /** space-between: a note on the left, the buttons on the right. */
  justify?: 'flex-end' | 'space-between';
}) {
  return (
    <Group justify={justify} gap="sm" className="fk-action-bar" {...{ [PRIMARY_ACTIONS_ATTRIBUTE]: true }}>
      {children}
    </Group>
  );
}
