import { Badge } from '@chakra-ui/react';
import type { Settlement } from '../../../schemas/settlement.schema';
import { useT } from '../../lib/i18n/use-t';

/** Colour of each version: the shadow PE apart from the operator's DF and its corrections. */
const PALETTES = { PE: 'gray', DF: 'blue', CD: 'purple' } as const;

/** PE, DF, or CD with its reconciliation number (CD1, CD2): how lists and titles name a version. */
export function versionLabel(settlement: Pick<Settlement, 'version_liquidacion' | 'reconciliacion'>): string {
  return settlement.version_liquidacion === 'CD' ? `CD${settlement.reconciliacion}` : settlement.version_liquidacion;
}

/**
 * A settlement's version as a badge: PE, DF, or CD with its reconciliation number (CD1, CD2);
 * the version's full name is its accessible name and tooltip.
 */
export function SettlementVersionBadge({ settlement }: { settlement: Pick<Settlement, 'version_liquidacion' | 'reconciliacion'> }) {
  const t = useT();
  const version = settlement.version_liquidacion;
  const name = t(`settlements.list.versions.${version}`);
  return (
    <Badge colorPalette={PALETTES[version]} variant="surface" title={name} aria-label={name}>
      {versionLabel(settlement)}
    </Badge>
  );
}
