import { Input, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormValue } from '../../../machines/forms/record-form.machine';
import type { StoredFile } from '../../../schemas/file.schema';
import { isNodeCode, NODE_CODE_MAX_LENGTH } from '../../../schemas/node-code.schema';
import { FileUpload } from '../files/file-upload';
import { useT } from '../i18n/use-t';
import { TagInput } from '../ui/tag-input';
import type { FieldErrors, FieldMessage } from './field-errors';
import { FormField, useFieldMessageText } from './form-field';
import { RecordPicker, type PickerOption } from './record-picker';

interface RecordFieldsOptions {
  value: FormValue;
  errors: FieldErrors;
  change: (field: string, value: unknown) => void;
  /** The i18n prefix of the labels: `contracts.fields` gives `contracts.fields.<field>`. */
  labelPrefix: string;
  /** Whether a field is marked required (the schema's rule; the mark only tells the user). */
  isRequired: (field: string) => boolean;
}

interface TextInputOptions {
  placeholderKey?: string;
  inputMode?: 'numeric' | 'decimal';
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
}

interface SelectOptions {
  required?: boolean;
  helperKey?: string;
  /** Also told of a choice (a field that depends on this one may need clearing). */
  onChosen?: (option: string) => void;
  /** What the empty choice means, for an optional field where empty is an answer ("none"); "choose" otherwise. */
  emptyLabelKey?: string;
}

interface FileFieldOptions {
  /** The form field that keeps the file's name to show (`<field>_nombre`). */
  nameField: string;
  /** The catalogue id of the file type. */
  tipo: number;
  /** What a stored file without a known name is called. */
  fallbackNameKey: string;
  upload: (file: File, tipo?: number) => Promise<StoredFile>;
  onBusyChange: (busy: boolean) => void;
  /** Other types than the usual PDF and images, with the hint that names them. */
  accept?: string;
  hintKey?: string;
}

/**
 * The fields of a record form (contract, annex), each labelled `<labelPrefix>.<field>` with
 * its message beside it, reading and changing the form machine's value: text boxes, choices,
 * record pickers, node lists (PMi / PMr) and one uploaded file. Values are kept as typed (strings).
 */
export function useRecordFields({ value, errors, change, labelPrefix, isRequired }: RecordFieldsOptions) {
  const t = useT();
  const messageText = useFieldMessageText();
  // What each node list's box refused last (never shown as a tag), until its next entry.
  const [refusedCodes, setRefusedCodes] = useState<Readonly<Record<string, readonly string[]>>>({});
  const text = (field: string) => (typeof value[field] === 'string' ? (value[field] as string) : '');
  const list = (field: string) => (Array.isArray(value[field]) ? (value[field] as string[]) : []);
  const label = (field: string) => `${labelPrefix}.${field}`;

  function textInput(field: string, options: TextInputOptions = {}) {
    return (
      <FormField key={field} labelKey={label(field)} error={errors[field]} required={options.required ?? isRequired(field)}>
        <Input
          name={field}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          disabled={options.disabled}
          inputMode={options.inputMode}
          placeholder={options.placeholderKey ? t(options.placeholderKey) : undefined}
          value={text(field)}
          onChange={(event) => change(field, event.target.value)}
        />
      </FormField>
    );
  }

  /** A choice among `options`; a required one that is chosen no longer offers "choose". */
  function select(field: string, options: readonly string[], labelOf: (option: string) => string, extra: SelectOptions = {}) {
    const required = extra.required ?? isRequired(field);
    return (
      <FormField key={field} labelKey={label(field)} error={errors[field]} required={required} helperKey={extra.helperKey}>
        <NativeSelect.Root>
          <NativeSelect.Field
            name={field}
            value={text(field)}
            onChange={(event) => {
              change(field, event.target.value);
              extra.onChosen?.(event.target.value);
            }}
          >
            {required && text(field) !== '' ? null : <option value="">{t(extra.emptyLabelKey ?? 'forms.choose')}</option>}
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

  /** One record among many (a company, a contract), found by typing part of its name. */
  function picker(field: string, options: readonly PickerOption[], extra: Pick<SelectOptions, 'required' | 'helperKey'> = {}) {
    return (
      <FormField key={field} labelKey={label(field)} error={errors[field]} required={extra.required ?? isRequired(field)} helperKey={extra.helperKey}>
        <RecordPicker name={field} options={options} value={text(field)} onChange={(chosen) => change(field, chosen)} invalid={errors[field] !== undefined} />
      </FormField>
    );
  }

  /**
   * A list of node codes (PMi, PMr), typed one by one. A text that is not a node code stays in
   * the box with its message, and never joins the list.
   */
  function nodes(field: string, helperKey: string) {
    const refused = refusedCodes[field] ?? [];
    const message: FieldMessage | undefined =
      refused.length > 0 ? { key: 'forms.errors.nodeCodeRefused', params: { codes: refused.join(' '), limit: NODE_CODE_MAX_LENGTH } } : errors[field];
    return (
      <FormField key={field} labelKey={label(field)} error={message} required={isRequired(field)} helperKey={helperKey}>
        <TagInput
          name={field}
          values={list(field)}
          onChange={(codes) => change(field, codes)}
          accepts={isNodeCode}
          onRefused={(codes) => setRefusedCodes((current) => ({ ...current, [field]: codes }))}
          invalid={message !== undefined}
        />
      </FormField>
    );
  }

  /** One uploaded document: the form keeps its key in `field` and its name in `nameField`. */
  function file(field: string, options: FileFieldOptions) {
    const message = errors[field];
    return (
      <FileUpload
        labelKey={label(field)}
        tipo={options.tipo}
        required={isRequired(field)}
        value={text(field) ? { key: text(field), nombre: text(options.nameField) || t(options.fallbackNameKey) } : undefined}
        error={message ? messageText(message, label(field)) : undefined}
        upload={options.upload}
        onBusyChange={options.onBusyChange}
        accept={options.accept}
        hintKey={options.hintKey}
        onUploaded={(stored) => {
          change(field, stored.key);
          change(options.nameField, stored.nombre);
        }}
        onCleared={() => {
          change(field, '');
          change(options.nameField, '');
        }}
      />
    );
  }

  return { text, list, textInput, select, picker, nodes, file };
}
