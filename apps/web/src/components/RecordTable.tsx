import type { ReactNode } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './recordTable.css';
import { TableScroll } from './TableScroll';

export interface RecordColumn {
  label: string;
  align?: 'right';
}

interface RecordTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly RecordColumn[];
  /** Below this width the table scrolls sideways instead of squeezing its columns; the actions stay in view. */
  minWidth: number;
  /** The rows (`Table.Tr`), each ending with its action buttons. */
  children: ReactNode;
}

/**
 * The list tables of the app (addresses, clients, invoices, submitted invoices): striped rows,
 * a header per column and a last, unlabelled-on-screen column for each row's actions.
 */
export function RecordTable({ label, columns, minWidth, children }: RecordTableProps) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} className="fk-record-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t('recordActions.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}
