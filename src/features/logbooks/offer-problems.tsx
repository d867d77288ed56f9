import { List } from '@chakra-ui/react';
import type { OfferRuleBreak } from '../../../schemas/logbook.schema';
import { ApiError } from '../../lib/api/api-error';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';

/** A refused offer rule in words, and the cell it marks (`<line key>|<column>`). */
export interface OfferProblem {
  cell: string;
  text: string;
}

/** The offer rules a server's 400 names (`/filas/<index>/<field>` details), as the form's own check gives them. */
export function refusedOffers(error: unknown): OfferRuleBreak[] {
  const details = error instanceof ApiError ? (error.body?.details ?? []) : [];
  return details.flatMap((detail) => {
    const match = /^\/filas\/(\d+)\/(\w+)$/.exec(detail.instancePath);
    return match && detail.keyword
      ? [{ fila: Number(match[1]), field: match[2] as OfferRuleBreak['field'], keyword: detail.keyword as OfferRuleBreak['keyword'], params: detail.params as OfferRuleBreak['params'] }]
      : [];
  });
}

/** The words of a broken offer rule, its figures written as the language writes them. */
export function useOfferRuleText() {
  const t = useT();
  const format = useFormat();
  return (keyword: string, params: OfferRuleBreak['params']) =>
    t(
      `logbooks.problems.${keyword}`,
      Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? format.decimal(value) : value])),
    );
}

/** The refused offers of a save, each naming its line and period, read out as an alert. */
export function OfferProblemList({ problems }: { problems: readonly OfferProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <List.Root role="alert" color="fg.error" textStyle="sm" gap="1" ps="5">
      {problems.map((problem, index) => (
        <List.Item key={index}>{problem.text}</List.Item>
      ))}
    </List.Root>
  );
}
