import type { CSSProperties, ReactNode } from 'react';
import './tableScroll.css';

/**
 * A table that scrolls sideways inside itself once the screen is narrower than `minWidth` (px),
 * instead of squeezing its columns or widening the page; the browser's own scrollbar. Mantine's
 * `Table.ScrollContainer` does the same with its ScrollArea, a dozen components and a resize
 * observer per table, which every list's first download carried (decision 010).
 */
export function TableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <div className="fk-table-scroll" style={{ '--fk-table-min-width': `${minWidth / 16}rem` } as CSSProperties}>
      {children}
    </div>
  );
}
