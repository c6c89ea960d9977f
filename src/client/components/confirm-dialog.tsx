import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Modal } from './modal';

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
    // While the action runs the dialog stays: its outcome belongs to the row it was opened for.
    <Modal opened={opened} onClose={loading ? () => {} : onClose} title={title} centered>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
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
