import { Badge, Card, HStack, Link as ChakraLink, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';

/** A way on from a card or an item: a page, already filtered. */
export interface PendingLink {
  href: string;
  label: string;
}

/** The cards of Home, each a section of the catalogue's `home` (its title, description and "none"). */
export type PendingCardName = 'toValidate' | 'toIssue' | 'runs' | 'guaranteeAlerts' | 'marketData' | 'failedJobs';

interface PendingCardProps {
  name: PendingCardName;
  /** The answer's part: how many there are in all, and the first few of them. */
  part: { total: number; items: readonly unknown[] };
  /** The listed ones: `PendingItem`s. */
  children?: ReactNode;
  links?: readonly PendingLink[];
}

/**
 * One "what needs doing" card of Home: its title with the count, what it counts, the first few
 * items (each a way to its record) and the way to the page that shows them all.
 */
export function PendingCard({ name, part, children, links = [] }: PendingCardProps) {
  const t = useT();
  const format = useFormat();
  const id = `home-pending-${name}`;
  const { total } = part;
  const shown = part.items.length;
  const waiting = total > 0;
  return (
    <Card.Root as="section" size="sm" variant="outline" aria-labelledby={id} borderTopWidth="4px" borderTopColor={waiting ? 'orange.solid' : 'border'}>
      <Card.Header gap="1">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Card.Title as="h3" id={id}>
            {t(`home.${name}.title`)}
          </Card.Title>
          <Badge size="lg" variant={waiting ? 'solid' : 'subtle'} colorPalette={waiting ? 'orange' : 'gray'} flexShrink="0">
            <span aria-hidden="true">{format.integer(total)}</span>
            <VisuallyHidden>{t('home.pending.count', { count: total })}</VisuallyHidden>
          </Badge>
        </HStack>
        <Card.Description>{t(`home.${name}.description`)}</Card.Description>
      </Card.Header>
      <Card.Body gap="2">
        {waiting ? (
          <Stack as="ul" listStyleType="none" gap="1.5">
            {children}
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {t(`home.${name}.none`)}
          </Text>
        )}
        {total > shown ? (
          <Text color="fg.muted" fontSize="sm">
            {t('home.pending.more', { count: total - shown })}
          </Text>
        ) : null}
      </Card.Body>
      {links.length > 0 ? (
        <Card.Footer flexWrap="wrap" gap="4">
          {links.map((link) => (
            <ChakraLink key={link.href} asChild color="brand.fg" fontWeight="medium">
              <Link href={link.href}>{link.label}</Link>
            </ChakraLink>
          ))}
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}

/** One listed item of a card: a way to its record when it has one, and a second line when it needs one. */
export function PendingItem({ label, href, detail }: { label: string; href?: string; detail?: string | null }) {
  return (
    <li>
      {href ? (
        <ChakraLink asChild color="brand.fg">
          <Link href={href}>{label}</Link>
        </ChakraLink>
      ) : (
        <Text fontSize="sm">{label}</Text>
      )}
      {detail ? (
        <Text color="fg.muted" fontSize="sm">
          {detail}
        </Text>
      ) : null}
    </li>
  );
}
