import { Checkbox, Fieldset, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  CHARGE_BASES,
  CHARGE_COUNTRIES,
  CHARGE_CURRENCIES,
  CHARGE_PAYERS,
  CHARGE_REQUIRED_FIELDS,
  ENGINE_INPUTS_BY_BASE,
  type Charge,
  type ChargeBase,
  type ChargeCountryId,
  type ChargeCreate,
  type ChargeUpdate,
} from '../../../schemas/country-charge.schema';
import { formIsDirty, recordFormMachine, type FormValue } from '../../../machines/forms/record-form.machine';
import { DiscardChangesDialog, FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { useFieldMessageText } from '../../lib/forms/form-field';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { blankCharge, chargeRefusalFields, chargeToForm, createBody, suggestedUnit, updateBody, validateCharge } from './charge-values';

export interface ChargeFormEffects {
  create: (body: ChargeCreate) => Promise<Charge>;
  update: (body: ChargeUpdate) => Promise<Charge>;
}

const REQUIRED = new Set<string>(CHARGE_REQUIRED_FIELDS);

/**
 * Create a charge period of the page's country, or edit one (spec sections 2 and 7): its code
 * and words, what its rate applies to and in which unit and currency (MXN only in Mexico), the
 * period it is in force, who pays it, whether VAT applies, and the settlement input it feeds
 * (only those its basis may feed are offered). The rules the server judges are judged here
 * first; an overlap or a validated settlement's use comes back beside the field it concerns.
 */
export function ChargeForm({
  paisId,
  charge,
  initial,
  effects,
  onSaved,
  onLeft,
}: {
  paisId: ChargeCountryId;
  /** The period edited; absent to create one. */
  charge?: Charge;
  /** A create form's starting value (the period after another), else empty. */
  initial?: FormValue;
  effects: ChargeFormEffects;
  onSaved: (charge: Charge) => void;
  /** The form was left: by Cancel (`href` null) or for the in-app address `href`. */
  onLeft: (href: string | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const messageText = useFieldMessageText();
  const creating = charge === undefined;
  const form = useFormMachine(recordFormMachine, {
    input: { initial: creating ? (initial ?? blankCharge()) : chargeToForm(charge, locale) },
    effects: {
      validate: (input) => validateCharge(paisId, input, locale, charge?.id),
      submit: (input) =>
        creating ? effects.create(createBody(paisId, input, locale) as ChargeCreate) : effects.update(updateBody(charge.id, input, locale) as ChargeUpdate),
    },
    fields: chargeRefusalFields,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { value, busy, change, failure, errors } = form;
  const { text, textInput, select } = useRecordFields({ value, errors, change, labelPrefix: 'charges.fields', isRequired: (field) => REQUIRED.has(field) });

  // A unit the user has not written themselves follows the basis and the currency.
  const followUnit = (base: string, moneda: string) => {
    if (text('unidad') === '' || text('unidad') === suggestedUnit(text('base'), text('moneda'))) change('unidad', suggestedUnit(base, moneda));
  };
  const currencies = CHARGE_COUNTRIES[paisId].pais === 'MX' ? CHARGE_CURRENCIES : (['USD'] as const);
  const inputs = ENGINE_INPUTS_BY_BASE[text('base') as ChargeBase] ?? [];
  // A period a validated settlement used keeps its rate: the server says which, for the whole form.
  const formProblem = failure?.fields[''];

  return (
    <form
      noValidate
      aria-label={t(creating ? 'charges.createTitle' : 'charges.editTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="6">
        {failure ? (
          <SubmitFailureAlert
            failure={failure}
            titleKey={creating ? 'charges.createFailed' : 'charges.updateFailed'}
            detail={formProblem ? messageText(formProblem, 'charges.fields.tasa') : undefined}
          />
        ) : null}

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('charges.sections.charge')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {textInput('codigo', { placeholderKey: 'charges.codePlaceholder' })}
            {textInput('nombre')}
            {select('base', CHARGE_BASES, (base) => t(`charges.bases.${base}`), { onChosen: (base) => followUnit(base, text('moneda')) })}
            {select('concepto_liquidacion', inputs, (input) => t(`charges.engineInputs.${input}`), {
              emptyLabelKey: 'charges.noEngineInput',
              helperKey: 'charges.engineInputHelp',
            })}
            {textInput('referencia_legal')}
            {select('pagador', CHARGE_PAYERS, (payer) => t(`charges.payers.${payer}`))}
          </SimpleGrid>
          <Checkbox.Root mt="4" checked={value.gravado === true} onCheckedChange={(details) => change('gravado', details.checked === true)}>
            <Checkbox.HiddenInput name="gravado" />
            <Checkbox.Control />
            <Checkbox.Label>{t('charges.fields.gravado')}</Checkbox.Label>
          </Checkbox.Root>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('charges.sections.rate')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {textInput('tasa', { inputMode: 'decimal' })}
            {select('moneda', currencies, (currency) => currency, { onChosen: (moneda) => followUnit(text('base'), moneda) })}
            {textInput('unidad', { placeholderKey: 'charges.unitPlaceholder' })}
            {textInput('vigente_desde', { placeholderKey: 'forms.datePlaceholder' })}
            {textInput('vigente_hasta', { placeholderKey: 'charges.openEndPlaceholder' })}
          </SimpleGrid>
        </Fieldset.Root>

        <FormActions busy={busy} submitKey={creating ? 'charges.create' : 'common.save'} onCancel={form.cancel} />
      </Stack>
      <DiscardChangesDialog {...form.leaveDialog} />
    </form>
  );
}
