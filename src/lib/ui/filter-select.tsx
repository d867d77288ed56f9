import { Field, NativeSelect, type FieldRootProps } from '@chakra-ui/react';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A list's filter as a labelled select whose first, empty, option means "any" (`anyLabel`):
 * the value is the URL parameter's, '' when the filter is off. `rootProps` size the field in
 * its filter bar.
 */
export function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
  rootProps,
}: {
  label: string;
  anyLabel: string;
  value: string;
  options: ReadonlyArray<FilterOption>;
  onChange: (value: string) => void;
  rootProps?: FieldRootProps;
}) {
  return (
    <Field.Root {...rootProps}>
      <Field.Label whiteSpace="nowrap">{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
