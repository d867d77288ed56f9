import { Checkbox, Table, Text } from '@chakra-ui/react';
import {
  isPageAction,
  ROLE_ACTIONS,
  ROLE_PAGES,
  type RoleAction,
  type RoleCell,
  type RolePage,
  type RolePermissions,
} from '../../../schemas/role.schema';
import { useT } from '../../lib/i18n/use-t';
import { ScrollTable } from '../../lib/ui/scroll-table';

function cellOf(matrix: RolePermissions, page: RolePage, action: RoleAction): boolean {
  return (matrix[page] as Partial<Record<RoleAction, boolean>>)[action] === true;
}

/**
 * The role matrix of spec section 6: pages (Companies, Contracts, Settlements, Users) by
 * actions (create, edit, delete, view, validate); validate exists on Settlements only. It
 * reports the cell the user ticked; what else follows (view comes with any action) is the
 * role editor's.
 */
export function RoleMatrix({
  matrix,
  onCellChange,
  disabled = false,
}: {
  matrix: RolePermissions;
  onCellChange: (cell: RoleCell, checked: boolean) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <ScrollTable label={t('admin.roles.matrix')} borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={t('admin.roles.matrix')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('admin.roles.page')}</Table.ColumnHeader>
            {ROLE_ACTIONS.map((action) => (
              <Table.ColumnHeader key={action} textAlign="center">
                {t(`admin.roles.actions.${action}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {ROLE_PAGES.map((page) => (
            <Table.Row key={page}>
              <Table.Cell as="th" scope="row" fontWeight="medium">{t(`admin.roles.pages.${page}`)}</Table.Cell>
              {ROLE_ACTIONS.map((action) => (
                <Table.Cell key={action} textAlign="center">
                  {isPageAction(page, action) ? (
                    <Checkbox.Root
                      disabled={disabled}
                      checked={cellOf(matrix, page, action)}
                      onCheckedChange={(details) => onCellChange({ page, action }, details.checked === true)}
                    >
                      <Checkbox.HiddenInput
                        aria-label={t('admin.roles.cell', {
                          page: t(`admin.roles.pages.${page}`),
                          action: t(`admin.roles.actions.${action}`),
                        })}
                      />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  ) : (
                    <Text as="span" color="fg.subtle" aria-hidden>
                      —
                    </Text>
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollTable>
  );
}
