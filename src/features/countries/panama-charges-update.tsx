import { Button } from '@chakra-ui/react';
import { useT } from '../../lib/i18n/use-t';
import { JobLauncherSection, useJobLauncher } from '../../lib/jobs/job-launcher';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { updatePanamaCharges } from './countries-api';

/**
 * Panama's "Update charges" (spec sections 2 and 8): asks first (it takes a few minutes, spec
 * section 9), then follows the job live (it recomputes the open settlements the charges
 * changed since the last run touch) and tells the top bar a job runs. The page offers it only
 * to who may compute settlements (the Settlements `create` action the server demands).
 */
export function PanamaChargesUpdate() {
  const t = useT();
  const update = useJobLauncher((_country: 'panama') => updatePanamaCharges());
  return (
    <JobLauncherSection
      titleKey="charges.update.title"
      introKey="charges.update.intro"
      actions={
        <Button size="sm" colorPalette="blue" onClick={() => update.ask('panama')}>
          {t('charges.update.button')}
        </Button>
      }
      failure={update.failure}
      job={update.job}
      dialog={<ConfirmDialog titleKey="charges.update.confirm.title" textKey="charges.update.confirm.text" confirmKey="charges.update.confirm.button" tone="primary" {...update.dialog} />}
    />
  );
}
