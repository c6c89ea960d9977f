import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** Red for what cannot be undone. */
  danger?: boolean;
}

/** 'Are you sure?' before an action: the consequences in plain words, then Avbryt or the action itself. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  danger = true,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Avbryt
          </Button>
          <Button color={danger ? 'red.9' : 'blue.8'} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
