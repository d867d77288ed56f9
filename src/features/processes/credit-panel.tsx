import { Badge, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { bidExposures, nodeBranchOf, type MerCredit } from '../../../schemas/credit-check.schema';
import { compareDecimals, subtractDecimals } from '../../../schemas/exact-decimal';
import type { BidHour } from '../../../schemas/process.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { getMerCredit } from './processes-api';
import { ScrollTable } from '../../lib/ui/scroll-table';

/** A branch's line: what its guarantee has left, what the hours ticked at its nodes may cost, and what would remain. */
interface CreditLine {
  sucursal: string | null;
  monto_garantizado: string | null;
  rea: string | null;
  disponible: string;
  horas: number;
  exposicion: string;
  queda: string;
}

function creditLines(credit: MerCredit, horas: readonly BidHour[]): CreditLine[] {
  const exposures = new Map(bidExposures(horas, nodeBranchOf(credit)).map((exposure) => [exposure.sucursal, exposure]));
  const lines: CreditLine[] = credit.sucursales.map((branch) => {
    const exposure = exposures.get(branch.sucursal);
    const exposicion = exposure?.exposicion ?? '0';
    return { ...branch, horas: exposure?.horas ?? 0, exposicion, queda: subtractDecimals(branch.disponible, exposicion) };
  });
  // Hours at nodes no branch of ours bids at in the MER: no guarantee covers them.
  const unbranched = exposures.get(null);
  if (unbranched) lines.push({ sucursal: null, monto_garantizado: null, rea: null, disponible: '0', horas: unbranched.horas, exposicion: unbranched.exposicion, queda: subtractDecimals('0', unbranched.exposicion) });
  return lines;
}

/**
 * The pre-flight credit check as the trader ticks hours (docs/guarantees.md "Pre-flight check"):
 * for each EOR branch, the value its guarantee has available today, what the ticked hours at
 * its nodes may cost (MW x bid price) and what would remain; a branch that would be short is
 * marked with its shortfall, which is what the server refuses the run for. Read again for a new
 * day and after each refusal (`refreshKey`).
 */
export function CreditPanel({ fecha, horas, refreshKey }: { fecha: string; horas: readonly BidHour[]; refreshKey: unknown }) {
  const t = useT();
  const format = useFormat();
  const credit = useRequest(() => getMerCredit(fecha), { load: [fecha, refreshKey] });
  const lines = useMemo(() => (credit.data ? creditLines(credit.data, horas) : []), [credit.data, horas]);
  const usd = (value: string | null) => (value === null ? '—' : format.money(value, 'USD'));
  return (
    <Stack gap="2" as="section" aria-labelledby="sube-credit" borderWidth="1px" borderRadius="l2" p="3">
      <Heading as="h3" size="sm" id="sube-credit">
        {t('processes.credit.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('processes.credit.help', { day: credit.data ? format.date(credit.data.fecha) : '' })}
      </Text>
      {credit.failure ? <ErrorAlert messageKey="processes.credit.failed" /> : null}
      {credit.data ? (
        <ScrollTable label={t('processes.credit.title')}>
          <Table.Root size="sm" aria-labelledby="sube-credit">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('processes.credit.branch')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('processes.credit.guaranteed')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('processes.credit.rea')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('processes.credit.available')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('processes.credit.hours')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('processes.credit.exposure')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('processes.credit.left')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.map((line) => {
                const short = compareDecimals(line.queda, '0') < 0 && line.horas > 0;
                return (
                  <Table.Row key={line.sucursal ?? 'none'}>
                    <Table.Cell as="th" scope="row" fontWeight="medium">
                      {line.sucursal ? t('processes.credit.eorBranch', { branch: line.sucursal }) : t('processes.credit.noBranch')}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{usd(line.monto_garantizado)}</Table.Cell>
                    <Table.Cell textAlign="end">{usd(line.rea)}</Table.Cell>
                    <Table.Cell textAlign="end">{usd(line.disponible)}</Table.Cell>
                    <Table.Cell textAlign="end">{format.integer(line.horas)}</Table.Cell>
                    <Table.Cell textAlign="end">{usd(line.exposicion)}</Table.Cell>
                    <Table.Cell textAlign="end" color={short ? 'fg.error' : undefined} fontWeight={short ? 'semibold' : undefined}>
                      {usd(line.queda)}
                      {short ? (
                        <Badge ms="2" colorPalette="red">
                          {t('processes.credit.short', { faltante: usd(subtractDecimals('0', line.queda)) })}
                        </Badge>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </ScrollTable>
      ) : null}
    </Stack>
  );
}
