import { Button, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { isNodeCode } from '../../../schemas/node-code.schema';
import type { RegistrationRow } from '../../../schemas/process.schema';
import type { FieldMessage } from '../../lib/forms/field-errors';
import { FormField } from '../../lib/forms/form-field';
import { useT } from '../../lib/i18n/use-t';
import { AppDialog } from '../../lib/ui/app-dialog';
import { DateInput } from '../../lib/ui/date-input';
import { TagInput } from '../../lib/ui/tag-input';

/**
 * Corrects one registration row before it is sent (its dates, PMI, PMR, transmission holder):
 * the planilla the site registers, not the annex (which stays as it is). `problem` is the row's
 * message, shown beside the field it names.
 */
export function RegistrationRowDialog({
  row,
  problem,
  onSave,
  onClose,
}: {
  row: RegistrationRow | null;
  problem: { field: string; message: FieldMessage } | null;
  onSave: (row: RegistrationRow) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<RegistrationRow | null>(row);
  useEffect(() => setDraft(row), [row]);
  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);

  return (
    <AppDialog
      open={row !== null}
      title={t('processes.registra.edit.title', { codigo: row?.codigo ?? '' })}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={() => draft && onSave(draft)}>
            {t('processes.registra.edit.save')}
          </Button>
        </>
      }
    >
      {draft ? (
        <Stack gap="3">
          <FormField labelKey="processes.registra.columns.inicio" error={errorOf('inicio')}>
            <DateInput value={draft.inicio} onChange={(inicio) => setDraft({ ...draft, inicio })} />
          </FormField>
          <FormField labelKey="processes.registra.columns.fin" error={errorOf('fin')}>
            <DateInput value={draft.fin} onChange={(fin) => setDraft({ ...draft, fin })} />
          </FormField>
          <FormField labelKey="processes.registra.columns.pmi" error={errorOf('pmi')}>
            <TagInput name={t('processes.registra.columns.pmi')} values={draft.pmi} accepts={isNodeCode} onChange={(pmi) => setDraft({ ...draft, pmi })} />
          </FormField>
          <FormField labelKey="processes.registra.columns.pmr" error={errorOf('pmr')}>
            <TagInput name={t('processes.registra.columns.pmr')} values={draft.pmr} accepts={isNodeCode} onChange={(pmr) => setDraft({ ...draft, pmr })} />
          </FormField>
          <FormField labelKey="processes.registra.columns.titular_transmision" error={errorOf('titular_transmision')}>
            <Input
              value={draft.titular_transmision ?? ''}
              maxLength={120}
              onChange={(event) => setDraft({ ...draft, titular_transmision: event.target.value.trim() === '' ? null : event.target.value })}
            />
          </FormField>
        </Stack>
      ) : null}
    </AppDialog>
  );
}
