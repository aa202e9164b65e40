import type { Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';

/**
 * What Mantine's ScrollArea takes from `@floating-ui/react` (only this hook, to merge its viewport's
 * refs), served by Mantine's own ref-merging hook instead; vite.config.ts points ScrollArea's import
 * here. That module is all of Floating UI's React layer and pulls its DOM positioning with it, so
 * every screen with a scrolling table or a dialog downloaded Floating UI (~13 KiB gzipped) although
 * nothing floated on it (decision 010).
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): (node: T | null) => void {
  return useMergedRef<T>(...refs);
}
