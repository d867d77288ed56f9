import { Button, Dialog, Portal, Table, Text } from '@chakra-ui/react';
import type { AuditEntry } from '../../../schemas/audit.schema';
import { formatUtcDateTime } from '../../lib/format/date-format';
import { useT } from '../../lib/i18n/use-t';
import { changedFields } from './audit-diff';

/**
 * One audit entry: who, when, what, and its changed fields before and after side by side. The
 * time and the entity read as in the audit grid's columns.
 */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const t = useT();
  const changes = entry ? changedFields(entry.before, entry.after) : [];
  return (
    <Dialog.Root
      size="lg"
      open={entry !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{entry ? t('admin.audit.entryTitle', { id: entry.id }) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {entry ? (
                <Text mb="4" color="fg.muted">
                  {t('admin.audit.entrySummary', {
                    at: formatUtcDateTime(entry.at),
                    user: entry.actor_email ?? t('admin.audit.system'),
                    action: entry.action,
                    entity: t(`admin.audit.entities.${entry.entity}`),
                    id: entry.entity_id ?? '',
                  })}
                </Text>
              ) : null}
              {changes.length === 0 ? (
                <Text>{t('admin.audit.noChanges')}</Text>
              ) : (
                <Table.Root size="sm" aria-label={t('admin.audit.changes')}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('admin.audit.field')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('admin.audit.before')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('admin.audit.after')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {changes.map((change) => (
                      <Table.Row key={change.field}>
                        <Table.Cell fontWeight="medium">{change.field}</Table.Cell>
                        <Table.Cell bg="red.subtle" wordBreak="break-word">
                          {change.before}
                        </Table.Cell>
                        <Table.Cell bg="green.subtle" wordBreak="break-word">
                          {change.after}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
