import { Button, Checkbox, Fieldset, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import type { CompanyListItem } from '../../../schemas/company.schema';
import {
  CONTRACT_CLASSES,
  CONTRACT_CREATE_FAILED_MESSAGE,
  contractCreateSchema,
  CONTRACT_MESSAGE_OVERRIDES,
  CONTRACT_TYPES,
  CREDIT_TYPES,
  CURRENCIES,
  EPWM_BRANCHES,
  GUARANTEE_TYPES,
  INCOTERMS,
  INVOICE_TYPES,
  LOCAL_REGIONAL,
  OFFER_TYPES,
  SETTLEMENT_TYPES,
  TRANSACTION_TYPES,
  type Contract,
  type ContractCreate,
  type ContractUpdate,
  type Signer,
} from '../../../schemas/contract.schema';
import { fileTypeId, type StoredFile } from '../../../schemas/file.schema';
import { requiredFields } from '../../lib/forms/required-fields';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { formIsDirty, recordFormMachine } from '../../../machines/forms/record-form.machine';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { DiscardChangesDialog, FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { FormField } from '../../lib/forms/form-field';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import {
  blankContract,
  blankSigner,
  contractBody,
  contractToForm,
  contractUpdateBody,
  PRICE_FIELDS,
  validateContract,
} from './contract-values';

export interface ContractFormEffects {
  create: (body: ContractCreate) => Promise<Contract>;
  update: (id: number, body: ContractUpdate) => Promise<Contract>;
  upload: (file: File, tipo?: number) => Promise<StoredFile>;
}

/** Options of each choice field, and the i18n prefix of their texts (null: the code itself). */
const CHOICES: Record<string, { options: readonly string[]; labelPrefix: string | null }> = {
  sucursal: { options: EPWM_BRANCHES, labelPrefix: 'countries' },
  local_regional: { options: LOCAL_REGIONAL, labelPrefix: 'contracts.localRegional' },
  tipo_contrato: { options: CONTRACT_TYPES, labelPrefix: 'contracts.tipoContrato' },
  clase_contrato: { options: CONTRACT_CLASSES, labelPrefix: 'contracts.claseContrato' },
  tipo_transaccion: { options: TRANSACTION_TYPES, labelPrefix: 'contracts.tipoTransaccion' },
  tipo_oferta: { options: OFFER_TYPES, labelPrefix: 'contracts.tipoOferta' },
  incoterm: { options: INCOTERMS, labelPrefix: null },
  tipo_liquidacion: { options: SETTLEMENT_TYPES, labelPrefix: 'contracts.tipoLiquidacion' },
  tipo_factura: { options: INVOICE_TYPES, labelPrefix: 'contracts.tipoFactura' },
  tipo_credito: { options: CREDIT_TYPES, labelPrefix: 'contracts.tipoCredito' },
  tipo_garantia: { options: GUARANTEE_TYPES, labelPrefix: 'contracts.tipoGarantia' },
  moneda: { options: CURRENCIES, labelPrefix: null },
};

/**
 * Create or edit a contract through the contract-form machine. Sections of spec section 2:
 * company information, authorised signers, signed-contract upload, parameterization, invoice
 * information. An empty submit shows each spec section 5 message beside its field; a refused
 * create shows 'There was a problem creating the contract.' with the server's reason.
 */
export function ContractForm({
  contract,
  companies,
  effects,
  onSaved,
  onLeft,
}: {
  /** The contract to edit; absent for a new one. */
  contract?: Contract;
  companies: CompanyListItem[];
  effects: ContractFormEffects;
  onSaved: (contract: Contract) => void;
  /** The form was left: by Cancel (`href` null) or for the in-app address `href`. */
  onLeft: (href: string | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const creating = contract === undefined;
  const form = useFormMachine(recordFormMachine, {
    input: { initial: creating ? blankContract() : contractToForm(contract, locale) },
    effects: {
      // The validators read numbers in the language the user types them in.
      validate: (input) => validateContract(input, locale),
      submit: (input) =>
        creating
          ? effects.create(contractBody(input, locale) as ContractCreate)
          : effects.update(contract.id, contractUpdateBody(input, locale) as ContractUpdate),
    },
    fields: CONTRACT_MESSAGE_OVERRIDES,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { value, busy, change, failure, errors } = form;
  const [uploading, setUploading] = useState(false);
  // What a contract must have, edited or new: the create schema's rule (the third party's once tripartite).
  const required = requiredFields(contractCreateSchema, value);

  const { text, textInput, select, picker, nodes, file } = useRecordFields({
    value,
    errors,
    change,
    labelPrefix: 'contracts.fields',
    isRequired: (field) => required.has(field),
  });
  const signers = (value.firmantes as Signer[] | undefined) ?? [];
  const company = companies.find((item) => String(item.id) === text('empresa_id'));

  function choice(field: string) {
    const { options, labelPrefix } = CHOICES[field]!;
    return select(field, options, (option) => (labelPrefix ? t(`${labelPrefix}.${option}`) : option));
  }

  function changeSigner(index: number, part: keyof Signer, partValue: string) {
    change(
      'firmantes',
      signers.map((signer, at) => (at === index ? { ...signer, [part]: partValue } : signer)),
    );
  }

  return (
    <form
      noValidate
      aria-label={t(creating ? 'contracts.createTitle' : 'contracts.editTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="6">
        {failure ? <SubmitFailureAlert failure={failure} titleKey={creating ? CONTRACT_CREATE_FAILED_MESSAGE : undefined} /> : null}

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('contracts.sections.company')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {picker(
              'empresa_id',
              companies.map((item) => ({ value: String(item.id), label: item.razon_social, detail: t(`countries.${item.pais}`) })),
            )}
            <Stack justify="flex-end" gap="1">
              {company ? (
                <Text color="fg.muted" fontSize="sm">
                  {t('contracts.companyFacts', {
                    country: t(`countries.${company.pais}`),
                    nit: company.nit,
                    agent: company.codigo_agente ?? '—',
                  })}
                </Text>
              ) : null}
            </Stack>
            {choice('sucursal')}
            {choice('local_regional')}
            {textInput('codigo_contraparte')}
            {textInput('codigo_agente')}
          </SimpleGrid>
          <Checkbox.Root mt="4" checked={value.tripartito === true} onCheckedChange={(details) => change('tripartito', details.checked === true)}>
            <Checkbox.HiddenInput name="tripartito" />
            <Checkbox.Control />
            <Checkbox.Label>{t('contracts.fields.tripartito')}</Checkbox.Label>
          </Checkbox.Root>
          {value.tripartito === true ? (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="2">
              {textInput('nombre_empresa_tercero')}
              {textInput('codigo_tercero')}
            </SimpleGrid>
          ) : null}
        </Fieldset.Root>

        <Fieldset.Root invalid={errors.firmantes !== undefined}>
          <Fieldset.Legend fontSize="lg">{t('contracts.sections.signers')}</Fieldset.Legend>
          <Stack gap="3">
            {signers.length === 0 ? <Text color="fg.muted">{t('contracts.signers.none')}</Text> : null}
            {signers.map((signer, index) => (
              <HStack key={index} align="flex-end" gap="3" role="group" aria-label={t('contracts.signers.row', { n: String(index + 1) })}>
                {(['nombre', 'cargo', 'email'] as const).map((part) => (
                  <FormField key={part} labelKey={`contracts.signers.${part}`} error={undefined} required>
                    <Input
                      name={`firmantes.${index}.${part}`}
                      type={part === 'email' ? 'email' : 'text'}
                      value={signer[part]}
                      onChange={(event) => changeSigner(index, part, event.target.value)}
                    />
                  </FormField>
                ))}
                <IconButton
                  variant="ghost"
                  aria-label={t('contracts.signers.remove', { n: String(index + 1) })}
                  onClick={() => change('firmantes', signers.filter((_, at) => at !== index))}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ))}
            {errors.firmantes ? <Fieldset.ErrorText>{t('contracts.signers.invalid')}</Fieldset.ErrorText> : null}
            <HStack>
              <Button size="sm" variant="outline" onClick={() => change('firmantes', [...signers, blankSigner()])}>
                {t('contracts.signers.add')}
              </Button>
            </HStack>
          </Stack>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('contracts.sections.file')}</Fieldset.Legend>
          {file('archivo_firmado', {
            nameField: 'archivo_firmado_nombre',
            tipo: fileTypeId('contrato_firmado'),
            fallbackNameKey: 'contracts.signedFile',
            upload: effects.upload,
            onBusyChange: setUploading,
          })}
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('contracts.sections.parameters')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {choice('tipo_contrato')}
            {choice('clase_contrato')}
            {choice('tipo_transaccion')}
            {choice('tipo_oferta')}
            {choice('incoterm')}
            {choice('tipo_liquidacion')}
            {textInput('fecha_inicio', { placeholderKey: 'contracts.datePlaceholder' })}
            {textInput('plazo', { inputMode: 'numeric' })}
            {nodes('pmi', 'contracts.nodesHelp')}
            {nodes('pmr', 'contracts.nodesHelp')}
            {PRICE_FIELDS.map((field) => textInput(field, { inputMode: 'decimal' }))}
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('contracts.sections.invoice')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {choice('tipo_factura')}
            {textInput('dias_factura', { inputMode: 'numeric' })}
            {choice('tipo_credito')}
            {textInput('dias_credito', { inputMode: 'numeric' })}
            {choice('tipo_garantia')}
            {textInput('monto_garantia', { inputMode: 'decimal' })}
            {choice('moneda')}
          </SimpleGrid>
        </Fieldset.Root>

        <FormActions busy={busy} submitKey={creating ? 'contracts.create' : 'common.save'} submitDisabled={uploading} onCancel={form.cancel} />
      </Stack>
      <DiscardChangesDialog {...form.leaveDialog} />
    </form>
  );
}
