import { Combobox, Portal, Text, useFilter, useListCollection } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useT } from '../i18n/use-t';

/** One record a picker offers: its id as the form keeps it, and how the user recognises it. */
export interface PickerOption {
  value: string;
  label: string;
  /** A second line (a company's country, a contract's type and dates). */
  detail?: string;
}

/**
 * Choosing one record among many (a contract's company, an annex's contract): the user types
 * and the list narrows to the records whose name holds what was typed, whatever its accents or
 * case ("compania" finds "Compañía"). Keyboard and screen reader as a combobox. Used inside a
 * `FormField`, which gives it its label and message.
 */
export function RecordPicker({
  name,
  options,
  value,
  onChange,
  invalid = false,
}: {
  name: string;
  options: readonly PickerOption[];
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  const t = useT();
  // Accents and case do not count (Intl.Collator's base sensitivity, in the page's language).
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter, set } = useListCollection<PickerOption>({
    initialItems: [...options],
    itemToString: (option) => option.label,
    itemToValue: (option) => option.value,
    filter: contains,
  });
  // The choices may change after the first render (a reload): the list follows what they say,
  // not each new array a render makes of them.
  const latest = useRef(options);
  latest.current = options;
  const signature = options.map((option) => `${option.value}\u0000${option.label}\u0000${option.detail ?? ''}`).join('\u0001');
  useEffect(() => set([...latest.current]), [signature, set]);

  return (
    <Combobox.Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => onChange(details.value[0] ?? '')}
      onInputValueChange={(details) => filter(details.inputValue)}
      onOpenChange={(details) => {
        // Opening shows every choice again, not what the last search left.
        if (details.open) filter('');
      }}
      openOnClick
      invalid={invalid}
      name={name}
      positioning={{ sameWidth: true }}
    >
      <Combobox.Control>
        <Combobox.Input placeholder={t('forms.pickerPlaceholder')} />
        <Combobox.IndicatorGroup>
          <Combobox.ClearTrigger aria-label={t('forms.pickerClear')} />
          <Combobox.Trigger aria-label={t('forms.pickerOpen')} />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content maxHeight="72">
            <Combobox.Empty>{t('forms.pickerEmpty')}</Combobox.Empty>
            {collection.items.map((option) => (
              <Combobox.Item item={option} key={option.value}>
                <Combobox.ItemText>
                  {option.label}
                  {option.detail ? (
                    <Text as="span" display="block" color="fg.muted" textStyle="xs">
                      {option.detail}
                    </Text>
                  ) : null}
                </Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
