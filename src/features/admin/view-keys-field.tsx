import { Checkbox, Fieldset, SimpleGrid } from '@chakra-ui/react';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import { useT } from '../../lib/i18n/use-t';

/** The view keys of the catalogue as ticks, named by the menu section each opens (user form, assign views). */
export function ViewKeysField({
  legendKey,
  catalogue,
  selected,
  onToggle,
  disabled = false,
}: {
  legendKey: string;
  catalogue: readonly PermissionKey[];
  selected: readonly PermissionKey[];
  onToggle: (key: PermissionKey, checked: boolean) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend>{t(legendKey)}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 5 }} gap="3">
        {catalogue.map((key) => (
          <Checkbox.Root key={key} checked={selected.includes(key)} onCheckedChange={(details) => onToggle(key, details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(`permissions.${key}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  );
}
