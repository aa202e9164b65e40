import { forwardRef } from 'react';
import { Text, TextInput, type TextInputProps } from '@mantine/core';

/**
 * An amount typed as text ("1,5", "1.234,56"), read once by the shared parsers (decision 018), with
 * its unit or currency shown inside the field's right edge.
 */
export const DecimalInput = forwardRef<HTMLInputElement, TextInputProps & { suffix: string }>(function DecimalInput(
  { suffix, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      rightSection={
        <Text size="sm" c="dimmed">
          {suffix}
        </Text>
      }
      rightSectionWidth={44}
      rightSectionPointerEvents="none"
      {...props}
    />
  );
});
