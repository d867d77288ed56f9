import { Alert, Checkbox, Fieldset, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { annexFormMachine } from '../../../machines/annexes/annex-form.machine';
import { ANNEX_MESSAGE_OVERRIDES, POWER_UNITS, TRANSMISSION_RIGHT_KINDS, type Annex, type AnnexCreate, type AnnexUpdate } from '../../../schemas/annex.schema';
import type { ContractListItem } from '../../../schemas/contract.schema';
import { fileTypeId, type StoredFile } from '../../../schemas/file.schema';
import { FileUpload } from '../../lib/files/file-upload';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { useRecordForm } from '../../lib/forms/use-record-form';
import { DiscardChangesDialog, FormActions } from '../../lib/forms/form-actions';
import { FormField } from '../../lib/forms/form-field';
import { submitFailureOf } from '../../lib/forms/server-errors';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { TagInput } from '../../lib/ui/tag-input';
import { annexBody, annexToForm, annexUpdateBody, blankAnnex, PERCENT_FIELDS, PRICE_FIELDS, TEXT_FIELDS, validateAnnex } from './annex-values';

export interface AnnexFormEffects {
  create: (body: AnnexCreate) => Promise<Annex>;
  update: (id: number, body: AnnexUpdate) => Promise<Annex>;
  upload: (file: File, tipo?: number) => Promise<StoredFile>;
}

const REQUIRED = new Set(['contrato_id', 'fecha_inicio', 'fecha_fin', 'potencia_contratada', 'unidad_potencia', 'pmi', 'pmr']);

/** How a contract reads in the contract list of the form. */
export function contractLabel(contract: ContractListItem): string {
  return `#${contract.id} · ${contract.empresa_razon_social} · ${contract.tipo_contrato} / ${contract.clase_contrato}`;
}

/**
 * Create or update an annex (spec section 3): dates, tripartite flag, contracted power in MW
 * or kW, the PMr and PMi lists, its document and every commercial parameter. Percentages are
 * checked to [0, 100]; an annex of a firm (CF) contract needs a transmission holder.
 */
export function AnnexForm({
  annex,
  contracts,
  initialContractId,
  effects,
  onSaved,
  onLeft,
}: {
  annex?: Annex;
  contracts: ContractListItem[];
  /** The contract a new annex starts for (`?contrato=`). */
  initialContractId?: string;
  effects: AnnexFormEffects;
  onSaved: (annex: Annex) => void;
  /** The form was left: by Cancel (`href` null) or for the in-app address `href`. */
  onLeft: (href: string | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const creating = annex === undefined;
  const form = useRecordForm(annexFormMachine, {
    initial: creating ? blankAnnex(initialContractId ?? '') : annexToForm(annex, locale),
    validate: (input) => validateAnnex(input, locale, contracts),
    submit: (input) =>
      creating
        ? effects.create(annexBody(input, locale) as AnnexCreate)
        : effects.update(annex.id, annexUpdateBody(input, locale) as AnnexUpdate),
    onSaved,
    onLeft,
  });
  const { value, busy, change } = form;
  const failure = form.failure === null ? null : submitFailureOf(form.failure, ANNEX_MESSAGE_OVERRIDES);
  const errors: FieldErrors = { ...(form.fieldErrors as FieldErrors), ...(failure?.fields ?? {}) };
  const [uploading, setUploading] = useState(false);

  const text = (field: string) => (typeof value[field] === 'string' ? (value[field] as string) : '');
  const list = (field: string) => (Array.isArray(value[field]) ? (value[field] as string[]) : []);
  const contract = contracts.find((item) => String(item.id) === text('contrato_id'));
  const holderRequired = contract?.clase_contrato === 'CF';

  function textInput(field: string, options: { placeholderKey?: string; inputMode?: 'decimal'; required?: boolean } = {}) {
    return (
      <FormField key={field} labelKey={`annexes.fields.${field}`} error={errors[field]} required={options.required ?? REQUIRED.has(field)}>
        <Input
          name={field}
          autoComplete="off"
          inputMode={options.inputMode}
          placeholder={options.placeholderKey ? t(options.placeholderKey) : undefined}
          value={text(field)}
          onChange={(event) => change(field, event.target.value)}
        />
      </FormField>
    );
  }

  function select(field: string, options: readonly string[], labelOf: (option: string) => string, required = REQUIRED.has(field)) {
    return (
      <FormField key={field} labelKey={`annexes.fields.${field}`} error={errors[field]} required={required}>
        <NativeSelect.Root>
          <NativeSelect.Field name={field} value={text(field)} onChange={(event) => change(field, event.target.value)}>
            {required && text(field) !== '' ? null : <option value="">{t('forms.choose')}</option>}
            {options.map((option) => (
              <option key={option} value={option}>
                {labelOf(option)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    );
  }

  function nodes(field: 'pmi' | 'pmr') {
    return (
      <FormField key={field} labelKey={`annexes.fields.${field}`} error={errors[field]} required helperKey="annexes.nodesHelp">
        <TagInput name={field} values={list(field)} onChange={(codes) => change(field, codes)} invalid={errors[field] !== undefined} />
      </FormField>
    );
  }

  return (
    <form
      noValidate
      aria-label={t(creating ? 'annexes.createTitle' : 'annexes.editTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="6">
        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t(creating ? 'annexes.createFailed' : 'annexes.updateFailed')}</Alert.Title>
              <Alert.Description>{t(failure.messageKey) === failure.messageKey ? failure.serverMessage : t(failure.messageKey)}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('annexes.sections.general')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {select(
              'contrato_id',
              contracts.map((item) => String(item.id)),
              (id) => {
                const found = contracts.find((item) => String(item.id) === id);
                return found ? contractLabel(found) : id;
              },
            )}
            {textInput('fecha_inicio', { placeholderKey: 'annexes.datePlaceholder' })}
            {textInput('fecha_fin', { placeholderKey: 'annexes.datePlaceholder' })}
            {textInput('potencia_contratada', { inputMode: 'decimal' })}
            {select('unidad_potencia', POWER_UNITS, (unit) => unit)}
            {nodes('pmi')}
            {nodes('pmr')}
          </SimpleGrid>
          <Checkbox.Root mt="4" checked={value.tripartito === true} onCheckedChange={(details) => change('tripartito', details.checked === true)}>
            <Checkbox.HiddenInput name="tripartito" />
            <Checkbox.Control />
            <Checkbox.Label>{t('annexes.fields.tripartito')}</Checkbox.Label>
          </Checkbox.Root>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('annexes.sections.document')}</Fieldset.Legend>
          <FileUpload
            labelKey="annexes.fields.archivo"
            tipo={fileTypeId('anexo')}
            value={text('archivo') ? { key: text('archivo'), nombre: text('archivo_nombre') || t('annexes.document') } : undefined}
            error={errors.archivo ? t(errors.archivo.key, errors.archivo.params) : undefined}
            upload={effects.upload}
            onBusyChange={setUploading}
            onUploaded={(file) => {
              change('archivo', file.key);
              change('archivo_nombre', file.nombre);
            }}
            onCleared={() => {
              change('archivo', '');
              change('archivo_nombre', '');
            }}
          />
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('annexes.sections.prices')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {PRICE_FIELDS.map((field) => textInput(field, { inputMode: 'decimal' }))}
            {textInput('derecho_transmision', { inputMode: 'decimal' })}
            {select('derecho_transmision_tipo', TRANSMISSION_RIGHT_KINDS, (kind) => t(`annexes.rightKinds.${kind === '$' ? 'amount' : 'percent'}`))}
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('annexes.sections.percentages')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {PERCENT_FIELDS.map((field) => textInput(field, { inputMode: 'decimal', placeholderKey: 'annexes.percentPlaceholder' }))}
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('annexes.sections.registration')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {TEXT_FIELDS.map((field) => textInput(field, { required: field === 'titular_transmision' && holderRequired }))}
          </SimpleGrid>
        </Fieldset.Root>

        <FormActions busy={busy} submitKey={creating ? 'annexes.create' : 'common.save'} submitDisabled={uploading} onCancel={form.cancel} />
      </Stack>
      <DiscardChangesDialog {...form.leaveDialog} />
    </form>
  );
}
