import { Button, Heading, HStack, Text } from '@chakra-ui/react';
import { useT } from '../../lib/i18n/use-t';

/**
 * Above a selection grid: its title, how many rows are ticked of all, "select all shown" (the
 * rows the search and filters leave: a hidden row is never ticked by it) and "select none"
 * (every tick, hidden ones too: a clear never leaves something unseen to send).
 */
export function SelectionHeader({
  id,
  title,
  count,
  onAllShown,
  onNone,
  allDisabled,
  noneDisabled,
}: {
  /** The heading's id: the section it names is `aria-labelledby` it. */
  id: string;
  title: string;
  count: string;
  onAllShown: () => void;
  onNone: () => void;
  allDisabled: boolean;
  noneDisabled: boolean;
}) {
  const t = useT();
  return (
    <HStack justify="space-between" wrap="wrap">
      <Heading as="h2" size="sm" id={id}>
        {title}
      </Heading>
      <HStack gap="2">
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {count}
        </Text>
        <Button size="sm" variant="outline" disabled={allDisabled} onClick={onAllShown}>
          {t('processes.selection.all')}
        </Button>
        <Button size="sm" variant="outline" disabled={noneDisabled} onClick={onNone}>
          {t('processes.selection.none')}
        </Button>
      </HStack>
    </HStack>
  );
}
