import { Button, Table, Text } from '@chakra-ui/react';
import type { AuditEntry } from '../../../schemas/audit.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { AppDialog } from '../../lib/ui/app-dialog';
import { changedFields, EMPTY } from './audit-diff';
import { actionName, entityName, wordsOf } from './audit-words';

const present = (value: unknown) => value !== null && value !== undefined;

/**
 * One audit entry: when (the reader's time), who, what and to which record, then its changed
 * fields before and after in words. A creation has no before and a deletion no after: that
 * column is left out rather than filled with dashes.
 */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const changes = entry ? changedFields(entry.before, entry.after, wordsOf(entry.entity), { t, format }) : [];
  const sides = entry ? (['before', 'after'] as const).filter((side) => present(entry[side])) : [];
  return (
    <AppDialog
      size="xl"
      scrollBehavior="inside"
      open={entry !== null}
      title={entry ? t('admin.audit.entryTitle', { id: entry.id }) : ''}
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {entry ? (
        <Text mb="4" color="fg.muted">
          {t('admin.audit.entrySummary', {
            at: format.dateTime(entry.at),
            user: entry.actor_email ?? t('admin.audit.system'),
            action: actionName(t, entry.action),
            entity: entityName(t, entry.entity),
            id: entry.entity_id ?? '',
          })}
        </Text>
      ) : null}
      {changes.length === 0 ? (
        <Text>{t('admin.audit.noChanges')}</Text>
      ) : (
        // Fixed widths: a short value must not squeeze the other side into a narrow column.
        <Table.Root size="sm" tableLayout="fixed" aria-label={t('admin.audit.changes')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="30%">{t('admin.audit.field')}</Table.ColumnHeader>
              {sides.map((side) => (
                <Table.ColumnHeader key={side} width={`${70 / sides.length}%`}>
                  {t(`admin.audit.${side}`)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changes.map((change) => (
              <Table.Row key={change.path}>
                <Table.Cell fontWeight="medium" verticalAlign="top">
                  {change.label}
                </Table.Cell>
                {sides.map((side) => (
                  <Table.Cell
                    key={side}
                    verticalAlign="top"
                    wordBreak="break-word"
                    whiteSpace="pre-line"
                    bg={sides.length === 2 ? (side === 'before' ? 'red.subtle' : 'green.subtle') : undefined}
                    color={change[side] === EMPTY ? 'fg.muted' : undefined}
                  >
                    {change[side]}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </AppDialog>
  );
}
