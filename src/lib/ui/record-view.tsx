import { Button, Card, DataList, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n/use-t';

/** A record page's level-2 title with its back-to-list link and, when given, its edit and delete buttons. */
export function RecordViewHeader({
  title,
  backHref,
  backKey,
  deleteKey,
  onEdit,
  onDelete,
}: {
  title: string;
  backHref: string;
  backKey: string;
  /** The delete button's words, with `onDelete`. */
  deleteKey?: string;
  /** Absent when the user may not edit (or delete), or the record is never deleted: the button is not offered. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const t = useT();
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <HStack gap="2">
        <Button variant="outline" asChild>
          <Link href={backHref}>{t(backKey)}</Link>
        </Button>
        {onEdit ? (
          <Button colorPalette="blue" onClick={onEdit}>
            {t('common.edit')}
          </Button>
        ) : null}
        {onDelete && deleteKey ? (
          <Button colorPalette="red" variant="outline" onClick={onDelete}>
            {t(deleteKey)}
          </Button>
        ) : null}
      </HStack>
    </HStack>
  );
}

/** A titled card (level-3 heading) grouping part of a record page; `action` (a switch, a button) sits at the title's end. */
export function ViewSection({ titleKey, action, children }: { titleKey: string; action?: ReactNode; children: ReactNode }) {
  const t = useT();
  const heading = (
    <Heading as="h3" size="md">
      {t(titleKey)}
    </Heading>
  );
  return (
    <Card.Root>
      <Card.Header>
        {action ? (
          <HStack justify="space-between" wrap="wrap" gap="3">
            {heading}
            {action}
          </HStack>
        ) : (
          heading
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Label/value pairs of a record; an empty value shows a dash. */
export function Facts({ items }: { items: Array<[labelKey: string, value: ReactNode]> }) {
  const t = useT();
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {items.map(([labelKey, value]) => (
        <DataList.Item key={labelKey}>
          <DataList.ItemLabel minW="44">{t(labelKey)}</DataList.ItemLabel>
          {/* A long unbroken value (an address, a code list) wraps inside its card. */}
          <DataList.ItemValue minWidth="0" overflowWrap="anywhere">{value === '' || value === null || value === undefined ? '—' : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
