import { Fieldset, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  GUARANTEE_CURRENCIES,
  GUARANTEE_OPERATORS,
  INSTRUMENT_KINDS,
  INSTRUMENT_REQUIRED_FIELDS,
  OPERATOR_BRANCHES,
  OPERATOR_CURRENCY,
  type GuaranteeOperator,
  type Instrument,
  type InstrumentCreate,
  type InstrumentUpdate,
} from '../../../schemas/guarantee.schema';
import { formIsDirty, recordFormMachine, type FormValue } from '../../../machines/forms/record-form.machine';
import { DiscardChangesDialog, FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { FormField } from '../../lib/forms/form-field';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { blankInstrument, createBody, instrumentRefusalFields, instrumentToForm, updateBody, validateInstrument } from './instrument-values';

export interface InstrumentFormEffects {
  create: (body: InstrumentCreate) => Promise<Instrument>;
  update: (body: InstrumentUpdate) => Promise<Instrument>;
}

const REQUIRED = new Set<string>(INSTRUMENT_REQUIRED_FIELDS);
const NUMBER_TAKEN = 'APP_ERR_GUARANTEE_NUMBER_TAKEN';

/** The choices a field offers, with the value it holds when that is not among them (so it shows, beside its message). */
const offering = (options: readonly string[], current: string) => (current === '' || options.includes(current) ? options : [...options, current]);

/**
 * Post a guarantee instrument with a market operator, or edit one (docs/guarantees.md): the
 * operator and the branch the company is its agent through (only that operator's branches are
 * offered), the agent code, what the instrument is, its issuer and number; its amount in the
 * operator's currency (set by the operator), its issue and due dates, and the day it was released
 * when it was given back early. The rules the server judges are judged here first; an issuer's
 * number already used at the operator comes back beside the number.
 */
export function InstrumentForm({
  instrument,
  initial,
  effects,
  onSaved,
  onLeft,
}: {
  /** The instrument edited; absent to post one. */
  instrument?: Instrument;
  /** A create form's starting value, else empty. */
  initial?: FormValue;
  effects: InstrumentFormEffects;
  onSaved: (instrument: Instrument) => void;
  /** The form was left: by Cancel (`href` null) or for the in-app address `href`. */
  onLeft: (href: string | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const creating = instrument === undefined;
  const form = useFormMachine(recordFormMachine, {
    input: { initial: creating ? (initial ?? blankInstrument()) : instrumentToForm(instrument, locale) },
    effects: {
      validate: (input) => validateInstrument(input, locale, instrument?.id),
      submit: (input) =>
        creating
          ? effects.create(createBody(input, locale) as InstrumentCreate)
          : effects.update(updateBody(instrument.id, input, locale) as InstrumentUpdate),
    },
    fields: instrumentRefusalFields,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { value, busy, change, failure } = form;
  // The number taken is the number's to fix: its message sits beside it as well as in the banner.
  const errors = failure?.code === NUMBER_TAKEN ? { numero: { key: `errors.${NUMBER_TAKEN}` }, ...form.errors } : form.errors;
  const { text, textInput, select } = useRecordFields({ value, errors, change, labelPrefix: 'guarantees.fields', isRequired: (field) => REQUIRED.has(field) });

  const operator = text('operador') as GuaranteeOperator | '';
  const branches = operator === '' ? [] : OPERATOR_BRANCHES[operator];
  const currencies = operator === '' ? GUARANTEE_CURRENCIES : [OPERATOR_CURRENCY[operator]];
  // An operator brings its currency, and its branch when it has one only; a branch of another operator is dropped.
  const chooseOperator = (chosen: string) => {
    const offered = OPERATOR_BRANCHES[chosen as GuaranteeOperator] as readonly string[] | undefined;
    if (!offered) return;
    change('moneda', OPERATOR_CURRENCY[chosen as GuaranteeOperator]);
    if (offered.length === 1) change('sucursal', offered[0]);
    else if (!offered.includes(text('sucursal'))) change('sucursal', '');
  };

  return (
    <form
      noValidate
      aria-label={t(creating ? 'guarantees.createTitle' : 'guarantees.editTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="6">
        {failure ? <SubmitFailureAlert failure={failure} titleKey={creating ? 'guarantees.createFailed' : 'guarantees.updateFailed'} /> : null}

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('guarantees.sections.instrument')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {select('operador', GUARANTEE_OPERATORS, (option) => option, { onChosen: chooseOperator })}
            {select('sucursal', offering(branches, text('sucursal')), (option) => option, { helperKey: operator === '' ? 'guarantees.branchHelp' : undefined })}
            {textInput('agente', { placeholderKey: 'guarantees.agentPlaceholder' })}
            {select('tipo', INSTRUMENT_KINDS, (kind) => t(`guarantees.kinds.${kind}`))}
            {textInput('emisor')}
            {textInput('numero')}
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg">{t('guarantees.sections.amount')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {select('moneda', offering(currencies, text('moneda')), (currency) => currency, { helperKey: 'guarantees.currencyHelp' })}
            {textInput('monto', { inputMode: 'decimal' })}
            {textInput('fecha_emision', { placeholderKey: 'forms.datePlaceholder' })}
            {textInput('fecha_vencimiento', { placeholderKey: 'forms.datePlaceholder' })}
            <FormField labelKey="guarantees.fields.liberada_en" error={errors.liberada_en} helperKey="guarantees.releaseHelp">
              <Input
                name="liberada_en"
                autoComplete="off"
                placeholder={t('forms.datePlaceholder')}
                value={text('liberada_en')}
                onChange={(event) => change('liberada_en', event.target.value)}
              />
            </FormField>
          </SimpleGrid>
        </Fieldset.Root>

        <FormActions busy={busy} submitKey={creating ? 'guarantees.create' : 'common.save'} onCancel={form.cancel} />
      </Stack>
      <DiscardChangesDialog {...form.leaveDialog} />
    </form>
  );
}
