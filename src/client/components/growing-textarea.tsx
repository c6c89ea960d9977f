import { Textarea, type TextareaProps } from '@mantine/core';

interface GrowingTextareaProps extends Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows'> {
  minRows: number;
  maxRows: number;
}

/**
 * A text area that grows with its text between `minRows` and `maxRows` lines, by CSS (`field-sizing`), not
 * by Mantine's `autosize`: that measures the text area in JavaScript on every render, and each measurement
 * made the browser recompute every style of the page, a tenth of a second of a slow phone's time on a round
 * page. Browsers without `field-sizing` show `minRows` lines, and the user can drag the field taller.
 */
export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps) {
  const lines = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0.5rem) + 2px)`;
  return (
    <Textarea
      {...props}
      rows={minRows}
      resize="vertical"
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: lines(minRows),
          maxHeight: lines(maxRows),
        } as React.CSSProperties,
      }}
    />
  );
}
