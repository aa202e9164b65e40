import { useMediaQuery } from '@mantine/hooks';

/** Dialogs with many inputs take the whole screen on phones, where a floating box leaves no room. */
export function useDialogFullScreen(): boolean {
  return useMediaQuery('(max-width: 36em)') ?? false;
}
