import { type MantineSize, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface LabeledValueProps {
  label: string;
  children: ReactNode;
  labelSize?: MantineSize;
}

/** A bold label over its value: the way facts are listed across cards and dialogs. */
export function LabeledValue({ label, children, labelSize = 'sm' }: LabeledValueProps) {
  return (
    <Stack gap={0}>
      <Text size={labelSize} fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

const NOT_SET = 'Ikke oppgitt';

/** A label over a plain text value that may be missing ('Ikke oppgitt'). */
export function LabeledText({
  label,
  value,
  labelSize,
}: {
  label: string;
  value: string | null;
  labelSize?: MantineSize;
}) {
  return (
    <LabeledValue label={label} labelSize={labelSize}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || NOT_SET}
      </Text>
    </LabeledValue>
  );
}
