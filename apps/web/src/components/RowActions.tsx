import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RowActionsProps {
  /** Accessible names that say which row the icon acts on ("Edit address Ilica 1"). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The edit and delete icon buttons at the end of a table row. */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" aria-label={editLabel} title={editLabel} onClick={onEdit}>
        <IconPencil size={18} stroke={1.6} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={deleteLabel}
        title={deleteLabel}
        onClick={onDelete}
      >
        <IconTrash size={18} stroke={1.6} />
      </ActionIcon>
    </Group>
  );
}
