import { Alert, Stack, Text } from '@chakra-ui/react';
import { OPERATOR_CURRENCY, type GuaranteeAlert } from '../../../schemas/guarantee.schema';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { useT, type Translate } from '../../lib/i18n/use-t';

/**
 * An alert in words: what crossed which threshold, for which operator and branch, on which day.
 * The available value under the warning amount; the guaranteed amount under the minimum; an
 * instrument's amount falling due on its day (its threshold: the terms' days of notice).
 */
export function alertText(alert: GuaranteeAlert, t: Translate, format: Formatters): string {
  const currency = OPERATOR_CURRENCY[alert.operador];
  return t(`guarantees.alerts.${alert.tipo}`, {
    operator: alert.operador,
    branch: alert.sucursal,
    day: format.date(alert.fecha),
    value: format.money(alert.valor, currency),
    threshold: alert.tipo === 'vencimiento' ? format.integer(Number(alert.umbral ?? 0)) : format.money(alert.umbral, currency),
  });
}

/**
 * The guarantee alerts raised lately, newest first: each once when its threshold was crossed
 * (docs/guarantees.md "Alerts"). They inform; only a bid run's pre-flight check refuses.
 */
export function AlertsList({ alerts }: { alerts: readonly GuaranteeAlert[] }) {
  const t = useT();
  const format = useFormat();
  if (alerts.length === 0) return <Text color="fg.muted">{t('guarantees.alerts.none')}</Text>;
  return (
    <Stack gap="2" as="ul" listStyleType="none" ms="0">
      {alerts.map((alert) => (
        <Alert.Root as="li" key={alert.id} status={alert.tipo === 'disponible_bajo' ? 'warning' : 'error'} size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{alertText(alert, t, format)}</Alert.Title>
        </Alert.Root>
      ))}
    </Stack>
  );
}
