import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Button } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';

interface UserButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'> {
  /** The signed-in operator's name: the button's text and accessible name. */
  name: string;
}

/** The header's button with the operator's name that opens the user menu (UserMenu.tsx). */
export const UserButton = forwardRef<HTMLButtonElement, UserButtonProps>(function UserButton({ name, ...others }, ref) {
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      leftSection={<IconUserCircle size={20} stroke={1.5} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...others}
    >
      {name}
    </Button>
  );
});
