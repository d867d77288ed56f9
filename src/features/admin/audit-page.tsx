import { Button, Input, NativeSelect, Stack } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams, ValueFormatterParams } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { AUDIT_ENTITIES, type AuditEntry } from '../../../schemas/audit.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { FormField } from '../../lib/forms/form-field';
import { DataGrid } from '../../lib/grid/data-grid';
import { useListState } from '../../lib/grid/use-list-state';
import { useT } from '../../lib/i18n/use-t';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { listAudit } from './admin-api';
import { AuditEntryDialog } from './audit-entry-dialog';
import { actionName, entityName } from './audit-words';

const FILTERS = ['user', 'entity', 'from', 'to'] as const;

/**
 * The moment the reader's day `date` (ISO), plus `days`, begins, as the server's date-time: the
 * grid shows times in the reader's zone, so "from 01/03" means from that day's midnight there.
 */
function dayStart(date: string, days = 0): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + days).toISOString();
}

/** A column read in words: shown, searched and exported as `read` says, sorted by its value. */
function inWords(read: (value: string) => string): Pick<ColDef<AuditEntry>, 'valueFormatter' | 'getQuickFilterText'> {
  return {
    valueFormatter: ({ value }: ValueFormatterParams<AuditEntry>) => read(String(value ?? '')),
    getQuickFilterText: ({ value }) => read(String(value ?? '')),
  };
}

/** `/admin-usuario/auditoria/`: the audit log, filtered by user, entity and the reader's days, in the URL. */
export default function AuditPage() {
  const t = useT();
  const format = useFormat();
  const { state, setFilter } = useListState(FILTERS);
  const { user, entity, from, to } = state.filters;
  // A changed filter in the URL sends the read again.
  const entries = useRequest(
    () =>
      listAudit({
        ...(user ? { user } : {}),
        ...(entity ? { entity } : {}),
        ...(from ? { from: dayStart(from) } : {}),
        // The server's `to` is exclusive, the screen's inclusive: up to the next day's start.
        ...(to ? { to: dayStart(to, 1) } : {}),
      }),
    { load: [user, entity, from, to] },
  );
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [badDates, setBadDates] = useState({ from: false, to: false });
  // The grid shows its loading state while a read (a new filter's included) is on its way.
  const rows = entries.state === 'success' ? (entries.data?.data ?? []) : entries.state === 'failure' ? [] : null;

  const columns = useMemo<ColDef<AuditEntry>[]>(
    () => [
      { field: 'at', headerName: t('admin.audit.columns.at'), ...inWords(format.dateTime) },
      { field: 'actor_email', headerName: t('admin.audit.columns.user') },
      { field: 'action', headerName: t('admin.audit.columns.action'), ...inWords((action) => actionName(t, action)) },
      { field: 'entity', headerName: t('admin.audit.columns.entity'), ...inWords((entity) => entityName(t, entity)) },
      { field: 'entity_id', headerName: t('admin.audit.columns.entityId') },
      {
        colId: 'open',
        headerName: t('admin.audit.columns.open'),
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
    [t, format],
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
                {entityName(t, name)}
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
        i18nPrefix="admin.audit"
        toolbar={toolbar}
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
