import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

interface UnavailableActionProps {
  /** The action's accessible name, as when it is offered ("Delete invoice 2/POSL1/1"). */
  label: string;
  /** Why it is not offered: shown on hover, focus and touch, and always its accessible description. */
  why: string;
  id: string;
  color?: string;
  children: ReactNode;
}

/**
 * An action a row does not offer, kept in its place so a user looking for it learns why. Not
 * `disabled`: a disabled button gets no hover or focus, so its tooltip could never show.
 */
export function UnavailableAction({ label, why, id, color, children }: UnavailableActionProps) {
  return (
    <>
      {/* hidden from reading in flow; still the button's description (aria-describedby reads hidden text) */}
      <span hidden id={id}>
        {why}
      </span>
      <Tooltip label={why} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon
          variant="subtle"
          color={color}
          aria-label={label}
          aria-disabled
          aria-describedby={id}
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </ActionIcon>
      </Tooltip>
    </>
  );
}
