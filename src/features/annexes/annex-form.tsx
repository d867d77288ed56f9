import { Checkbox, Fieldset, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import {
  ANNEX_MESSAGE_OVERRIDES,
  needsTransmissionHolder,
  POWER_UNITS,
  TRANSMISSION_RIGHT_KINDS,
  type Annex,
  type AnnexCreate,
  type AnnexUpdate,
} from '../../../schemas/annex.schema';
import type { ContractListItem } from '../../../schemas/contract.schema';
import { fileTypeId, type StoredFile } from '../../../schemas/file.schema';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { formIsDirty, recordFormMachine } from '../../../machines/forms/record-form.machine';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { DiscardChangesDialog, FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { annexBody, annexToForm, annexUpdateBody, blankAnnex, PERCENT_FIELDS, PRICE_FIELDS, TEXT_FIELDS, validateAnnex } from './annex-values';

export interface AnnexFormEffects {
  create: (body: AnnexCreate) => Promise<Annex>;
  update: (id: number, body: AnnexUpdate) => Promise<Annex>;
  upload: (file: File, tipo?: number) => Promise<StoredFile>;
}

const REQUIRED = new Set(['contrato_id', 'fecha_inicio', 'fecha_fin', 'potencia_contratada', 'unidad_potencia', 'pmi', 'pmr']);

/** How a contract reads in the contract list of the form. */
function contractLabel(contract: ContractListItem): string {
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
  const form = useFormMachine(recordFormMachine, {
    input: { initial: creating ? blankAnnex(initialContractId ?? '') : annexToForm(annex, locale) },
    effects: {
      validate: (input) => validateAnnex(input, locale, contracts),
      submit: (input) =>
        creating
          ? effects.create(annexBody(input, locale) as AnnexCreate)
          : effects.update(annex.id, annexUpdateBody(input, locale) as AnnexUpdate),
    },
    fields: ANNEX_MESSAGE_OVERRIDES,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { value, busy, change, failure, errors } = form;
  const [uploading, setUploading] = useState(false);

  const { text, textInput, select, picker, nodes, file } = useRecordFields({
    value,
    errors,
    change,
    labelPrefix: 'annexes.fields',
    isRequired: (field) => REQUIRED.has(field),
  });
  const contract = contracts.find((item) => String(item.id) === text('contrato_id'));
  const holderRequired = needsTransmissionHolder(contract?.clase_contrato);

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
        {failure ? <SubmitFailureAlert failure={failure} titleKey={creating ? 'annexes.createFailed' : 'annexes.updateFailed'} /> : null}

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('annexes.sections.general')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {picker(
              'contrato_id',
              contracts.map((item) => ({ value: String(item.id), label: contractLabel(item) })),
            )}
            {textInput('fecha_inicio', { placeholderKey: 'annexes.datePlaceholder' })}
            {textInput('fecha_fin', { placeholderKey: 'annexes.datePlaceholder' })}
            {textInput('potencia_contratada', { inputMode: 'decimal' })}
            {select('unidad_potencia', POWER_UNITS, (unit) => unit)}
            {nodes('pmi', 'annexes.nodesHelp')}
            {nodes('pmr', 'annexes.nodesHelp')}
          </SimpleGrid>
          <Checkbox.Root mt="4" checked={value.tripartito === true} onCheckedChange={(details) => change('tripartito', details.checked === true)}>
            <Checkbox.HiddenInput name="tripartito" />
            <Checkbox.Control />
            <Checkbox.Label>{t('annexes.fields.tripartito')}</Checkbox.Label>
          </Checkbox.Root>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('annexes.sections.document')}</Fieldset.Legend>
          {file('archivo', { nameField: 'archivo_nombre', tipo: fileTypeId('anexo'), fallbackNameKey: 'annexes.document', upload: effects.upload, onBusyChange: setUploading })}
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
