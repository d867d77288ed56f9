import { Button } from '@chakra-ui/react';
import { hasPermission } from '../../app/menu/filter-menu';
import { usePageActions } from '../../app/session/use-page-actions';
import { useSession } from '../../app/session/use-session';
import { useT } from '../../lib/i18n/use-t';
import { JobLauncherSection, useJobLauncher } from '../../lib/jobs/job-launcher';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { refreshSettlements, type SettlementRefreshKind } from './annexes-api';

const CONFIRM_KEYS: Record<SettlementRefreshKind, { title: string; text: string }> = {
  energia: { title: 'annexes.refresh.confirm.energia.title', text: 'annexes.refresh.confirm.energia.text' },
  potencia: { title: 'annexes.refresh.confirm.potencia.title', text: 'annexes.refresh.confirm.potencia.text' },
};

/**
 * The annex page's two refresh buttons (spec section 2): each asks first (it takes a few
 * minutes, spec section 9), then shows the refresh job live and tells the top bar a job runs.
 * Shown only to who may recompute settlements: the `liquidaciones` view key and the role's
 * Settlements `create` action, as the server demands.
 */
export function SettlementRefresh() {
  const t = useT();
  const { permissions } = useSession();
  const { create } = usePageActions('Settlements');
  const refresh = useJobLauncher((kind: SettlementRefreshKind) => refreshSettlements(kind));

  if (!create || !hasPermission(permissions ?? [], 'liquidaciones')) return null;
  const asked = refresh.subject ?? 'energia';
  return (
    <JobLauncherSection
      titleKey="annexes.refresh.title"
      introKey="annexes.refresh.intro"
      actions={
        <>
          <Button size="sm" colorPalette="blue" onClick={() => refresh.ask('energia')}>
            {t('annexes.refresh.energy')}
          </Button>
          <Button size="sm" colorPalette="blue" variant="outline" onClick={() => refresh.ask('potencia')}>
            {t('annexes.refresh.power')}
          </Button>
        </>
      }
      failure={refresh.failure}
      job={refresh.job}
      dialog={<ConfirmDialog titleKey={CONFIRM_KEYS[asked].title} textKey={CONFIRM_KEYS[asked].text} confirmKey="annexes.refresh.confirmButton" tone="primary" {...refresh.dialog} />}
    />
  );
}
