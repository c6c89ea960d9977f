import { Button, Group, Text } from '@mantine/core';
import { formatAmountInput } from '../../../../shared/format/money';

/** Norwegian bidders raise in round steps; these fill the amount field, which stays free to edit. */
export const RAISE_STEPS = [10_000, 25_000, 50_000];

interface QuickRaisesProps {
  /** The highest live bid, or the starting price when there is none: what the steps are added to. */
  base: number;
  hasBids: boolean;
  onPick: (amountText: string) => void;
}

export function QuickRaises({ base, hasBids, onPick }: QuickRaisesProps) {
  const over = hasBids ? 'over høyeste bud' : 'over startprisen';
  return (
    <Group gap="xs" role="group" aria-label={`Hurtigbud ${over}`}>
      <Text size="sm" span>
        Hurtigbud:
      </Text>
      {RAISE_STEPS.map((step) => (
        <Button
          key={step}
          variant="light"
          size="compact-sm"
          aria-label={`Legg ${formatAmountInput(step)} kr ${over}`}
          onClick={() => onPick(formatAmountInput(base + step))}
        >
          +{formatAmountInput(step)}
        </Button>
      ))}
    </Group>
  );
}
