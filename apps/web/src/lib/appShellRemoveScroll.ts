/**
 * What Mantine's AppShell header, footer and aside take from `react-remove-scroll`: only the class
 * names that let an open dialog's scroll lock keep fixed bars clear of the hidden scrollbar. Taking
 * them from there (and Mantine's index re-exporting the lock) brought the whole scroll lock (~3.5 KiB
 * gzipped) into every first download, dialog or not; vite.config.ts points those imports here. The
 * names are react-remove-scroll's own (appShellRemoveScroll.test.ts), so a dialog's lock still finds
 * the header.
 */
export const RemoveScroll = {
  classNames: { fullWidth: 'width-before-scroll-bar', zeroRight: 'right-scroll-bar-position' },
} as const;
