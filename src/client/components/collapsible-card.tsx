import { Badge, Collapse, Group, Paper, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId } from 'react';

interface CollapsibleCardProps {
  title: string;
  defaultOpen?: boolean;
  /** A count shown beside the title, e.g. the number of journals. */
  count?: number;
  /** Opens the card when it turns true after the first render, e.g. on coming back from the eID provider. */
  openWhen?: boolean;
  children: ReactNode;
}

/** A card whose body folds away under its title; the title is the toggle, announced with aria-expanded. */
export function CollapsibleCard({
  title,
  defaultOpen = false,
  count,
  openWhen = false,
  children,
}: CollapsibleCardProps) {
  const [opened, { toggle, open }] = useDisclosure(defaultOpen);
  useEffect(() => {
    if (openWhen) open();
  }, [openWhen, open]);
  const bodyId = useId();
  return (
    <Paper withBorder radius="md" p="md">
      <UnstyledButton onClick={toggle} aria-expanded={opened} aria-controls={bodyId} w="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={2} size="h3">
              {title}
            </Title>
            {count !== undefined ? (
              <Badge variant="filled" color="blue.8" aria-label={`${count} stk.`}>
                {count}
              </Badge>
            ) : null}
          </Group>
          <IconChevronDown
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <div id={bodyId} style={{ paddingTop: 'var(--mantine-spacing-md)' }}>
          {children}
        </div>
      </Collapse>
    </Paper>
  );
}
