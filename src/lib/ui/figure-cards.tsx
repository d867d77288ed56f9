import { SimpleGrid, Stat } from '@chakra-ui/react';

/** A figure card: its key, label and value as shown, and optionally a line that puts the value in context. */
export type FigureCard = readonly [id: string, label: string, value: string, detail?: string];

/**
 * A page's key figures as a row of cards, `columns` wide on a large screen; each shows "…" until
 * `loaded`, never a 0 that was not read.
 */
export function FigureCards({ cards, columns, loaded }: { cards: readonly FigureCard[]; columns: number; loaded: boolean }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: columns }} gap="4">
      {cards.map(([id, label, value, detail]) => (
        <Stat.Root key={id} borderWidth="1px" borderRadius="md" padding="3" data-testid={`figure-${id}`}>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize="xl" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
            {loaded ? value : '…'}
          </Stat.ValueText>
          {/* A dd, not the default span: a list of terms holds only terms and their descriptions. */}
          {detail && loaded ? (
            <Stat.HelpText as="dd" color="fg.muted">
              {detail}
            </Stat.HelpText>
          ) : null}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
