import { forwardRef, type HTMLAttributes } from 'react';

/**
 * What Mantine's `Table.ScrollContainer` renders its box with: in this build a plain box that
 * scrolls sideways (Mantine's own `type="native"`), not Mantine's ScrollArea. `Table` carries its
 * scroll container with it, so ScrollArea (~5 KiB gzipped, a dozen components) came into every
 * list's first download although no table of ours uses it: tables scroll in components/TableScroll.tsx,
 * and the lint forbids `Table.ScrollContainer`. vite.config.ts points the container's import here.
 */
export const ScrollArea = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { offsetScrollbars?: unknown }>(
  function TableScrollBox({ offsetScrollbars: _scrollbars, style, ...props }, ref) {
    return <div ref={ref} {...props} style={{ ...style, overflowX: 'auto' }} />;
  },
);
