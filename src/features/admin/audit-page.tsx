import { Button, Input, NativeSelect, Stack } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { AUDIT_ENTITIES, type AuditEntry } from '../../../schemas/audit.schema';
import { useRequest } from '../../lib/api/use-request';
import { formatUtcDateTime } from '../../lib/format/date-format';
import { FormField } from '../../lib/forms/form-field';
import { DataGrid } from '../../lib/grid/data-grid';
import { useListState } from '../../lib/grid/use-list-state';
import { useT } from '../../lib/i18n/use-t';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { listAudit } from './admin-api';
import { AuditEntryDialog } from './audit-entry-dialog';

const FILTERS = ['user', 'entity', 'from', 'to'] as const;

/** The day after an ISO date: the server's `to` is exclusive, the screen's "to" inclusive. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** `/admin-usuario/auditoria/`: the audit log, filtered by user, entity and dates (UTC), in the URL. */
export default function AuditPage() {
  const t = useT();
  const { state, setFilter } = useListState(FILTERS);
  const { user, entity, from, to } = state.filters;
  // A changed filter in the URL sends the read again.
  const entries = useRequest(
    () =>
      listAudit({
        ...(user ? { user } : {}),
        ...(entity ? { entity } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to: dayAfter(to) } : {}),
      }),
    { load: [user, entity, from, to] },
  );
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [badDates, setBadDates] = useState({ from: false, to: false });
  // The grid shows its loading state while a read (a new filter's included) is on its way.
  const rows = entries.state === 'success' ? (entries.data?.data ?? []) : entries.state === 'failure' ? [] : null;

  const columns = useMemo<ColDef<AuditEntry>[]>(
    () => [
      { field: 'at', headerName: t('admin.audit.columns.at'), valueFormatter: ({ value }) => formatUtcDateTime(value as string) },
      { field: 'actor_email', headerName: t('admin.audit.columns.user') },
      { field: 'action', headerName: t('admin.audit.columns.action') },
      {
        field: 'entity',
        headerName: t('admin.audit.columns.entity'),
        valueFormatter: ({ value }) => t(`admin.audit.entities.${String(value)}`),
      },
      { field: 'entity_id', headerName: t('admin.audit.columns.entityId') },
      {
        colId: 'open',
        headerName: '',
        sortable: false,
        filter: false,
        cellRenderer: ({ data }: ICellRendererParams<AuditEntry>) =>
          data ? (
            <Button size="xs" variant="outline" aria-label={t('admin.audit.openEntry', { id: data.id })} onClick={() => setOpen(data)}>
              {t('admin.audit.open')}
            </Button>
          ) : null,
      },
    ],
    [t],
  );

  const toolbar = (
    <>
      <FormField labelKey="admin.audit.filters.user" error={undefined}>
        <Input type="search" value={user} onChange={(event) => setFilter('user', event.target.value)} />
      </FormField>
      <FormField labelKey="admin.audit.filters.entity" error={undefined}>
        <NativeSelect.Root>
          <NativeSelect.Field value={entity} onChange={(event) => setFilter('entity', event.target.value)}>
            <option value="">{t('admin.audit.allEntities')}</option>
            {AUDIT_ENTITIES.map((name) => (
              <option key={name} value={name}>
                {t(`admin.audit.entities.${name}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField labelKey="admin.audit.filters.from" error={badDates.from ? { key: 'forms.errors.date' } : undefined}>
        <DateInput value={from ?? ''} onChange={(iso) => setFilter('from', iso)} onValidity={(valid) => setBadDates((bad) => ({ ...bad, from: !valid }))} />
      </FormField>
      <FormField labelKey="admin.audit.filters.to" error={badDates.to ? { key: 'forms.errors.date' } : undefined}>
        <DateInput value={to ?? ''} onChange={(iso) => setFilter('to', iso)} onValidity={(valid) => setBadDates((bad) => ({ ...bad, to: !valid }))} />
      </FormField>
    </>
  );

  return (
    <Stack gap="4">
      {entries.failure ? <ErrorAlert messageKey={entries.failure.messageKey} /> : null}
      <DataGrid<AuditEntry>
        rows={rows}
        columns={columns}
        rowId={(entry) => String(entry.id)}
        emptyKey="admin.audit.empty"
        searchLabelKey="admin.audit.search"
        toolbar={toolbar}
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
