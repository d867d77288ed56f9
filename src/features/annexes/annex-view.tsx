import { Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Annex } from '../../../schemas/annex.schema';
import { formatDate } from '../../lib/format/date-format';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { Facts, RecordViewHeader, ViewSection } from '../../lib/ui/record-view';
import { AnnexDocument } from './annex-document';
import { PERCENT_FIELDS, PRICE_FIELDS, TEXT_FIELDS } from './annex-values';

/** `/anexos/:id`: the annex, its parameters and its document shown in the page. */
export function AnnexView({ annex, onEdit, onDelete }: { annex: Annex; onEdit?: () => void; onDelete?: () => void }) {
  const t = useT();
  const format = useFormat();
  const right =
    annex.derecho_transmision === null || annex.derecho_transmision === undefined
      ? ''
      : annex.derecho_transmision_tipo === '%'
        ? format.percent(annex.derecho_transmision)
        : format.decimal(annex.derecho_transmision);
  return (
    <Stack gap="5">
      <RecordViewHeader
        title={t('annexes.viewTitle', { id: String(annex.id), company: annex.empresa_razon_social })}
        backHref="~/anexos"
        backKey="annexes.backToList"
        deleteKey="annexes.delete"
        onEdit={onEdit}
        onDelete={onDelete}
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ViewSection titleKey="annexes.sections.general">
          <Facts
            items={[
              [
                'annexes.fields.contrato_id',
                <ChakraLink asChild color="brand.fg" key="contract">
                  <Link href={`~/contratos/${annex.contrato_id}`}>{`#${annex.contrato_id} · ${annex.tipo_contrato} / ${annex.clase_contrato}`}</Link>
                </ChakraLink>,
              ],
              ['annexes.columns.company', annex.empresa_razon_social],
              ['annexes.fields.fecha_inicio', formatDate(annex.fecha_inicio)],
              ['annexes.fields.fecha_fin', formatDate(annex.fecha_fin)],
              ['annexes.columns.power', `${format.decimal(annex.potencia_contratada)} ${annex.unidad_potencia}`],
              ['annexes.fields.tripartito', t(annex.tripartito ? 'annexes.yes' : 'annexes.no')],
              ['annexes.fields.pmi', annex.pmi.join(', ')],
              ['annexes.fields.pmr', annex.pmr.join(', ')],
            ]}
          />
        </ViewSection>
        <ViewSection titleKey="annexes.sections.prices">
          <Facts
            items={[
              ...PRICE_FIELDS.map((field): [string, ReactNode] => [`annexes.fields.${field}`, format.decimal(annex[field])]),
              ['annexes.fields.derecho_transmision', right],
            ]}
          />
        </ViewSection>
        <ViewSection titleKey="annexes.sections.percentages">
          <Facts items={PERCENT_FIELDS.map((field): [string, ReactNode] => [`annexes.fields.${field}`, format.percent(annex[field])])} />
        </ViewSection>
        <ViewSection titleKey="annexes.sections.registration">
          <Facts items={TEXT_FIELDS.map((field): [string, ReactNode] => [`annexes.fields.${field}`, annex[field]])} />
        </ViewSection>
      </SimpleGrid>
      <ViewSection titleKey="annexes.documentTitle">
        {annex.archivo ? (
          <AnnexDocument fileKey={annex.archivo} fileName={annex.archivo_nombre ?? `anexo-${annex.id}.pdf`} />
        ) : (
          <Text color="fg.muted">{t('annexes.noDocument')}</Text>
        )}
      </ViewSection>
    </Stack>
  );
}
