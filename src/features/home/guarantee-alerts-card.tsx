import type { Pending } from '../../../schemas/home.schema';
import { alertText } from '../../app/guarantee-alerts/alerts-list';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { PendingCard, PendingItem } from './pending-card';

/** The guarantee alerts of the last week on Home (users with `monitoreo`), newest first, with the way to the guarantees. */
export function GuaranteeAlertsCard({ part }: { part: NonNullable<Pending['alertas_garantias']> }) {
  const t = useT();
  const format = useFormat();
  return (
    <PendingCard name="guaranteeAlerts" part={part} links={[{ href: '/garantias/', label: t('home.guaranteeAlerts.open') }]}>
      {part.items.map((alert) => (
        <PendingItem key={alert.id} label={alertText(alert, t, format)} />
      ))}
    </PendingCard>
  );
}
