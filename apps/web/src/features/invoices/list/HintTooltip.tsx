import { Tooltip } from '@mantine/core';

interface HintTooltipProps {
  target: HTMLElement;
  label: string;
}

/** The tooltip UnavailableHints shows; a chunk of its own, with Mantine's Tooltip and Floating UI. */
export function HintTooltip({ target, label }: HintTooltipProps) {
  return <Tooltip target={target} opened label={label} multiline w={280} withArrow />;
}
