import { Card, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'wouter';
import { addDays, businessToday } from '../../../schemas/date.schema';
import { useRequest } from '../../lib/api/use-request';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { AlertsList } from '../../app/guarantee-alerts/alerts-list';
import { listAlerts } from '../guarantees/guarantees-api';

/** The guarantee alerts of the last week on Home (users with `monitoreo`), with the way to the guarantees. */
export function GuaranteeAlertsCard() {
  const t = useT();
  const alerts = useRequest(() => listAlerts({ desde: addDays(businessToday(), -7) }), { load: [] });
  return (
    <Card.Root as="section" size="sm" variant="outline" aria-labelledby="home-guarantee-alerts">
      <Card.Header>
        <Card.Title as="h3" id="home-guarantee-alerts">
          {t('home.guaranteeAlerts')}
        </Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        {alerts.failure ? <ErrorAlert messageKey="guarantees.error" /> : null}
        {alerts.data ? <AlertsList alerts={alerts.data} /> : null}
        <ChakraLink asChild color="brand.fg">
          <Link href="/garantias/">{t('home.openGuarantees')}</Link>
        </ChakraLink>
      </Card.Body>
    </Card.Root>
  );
}
