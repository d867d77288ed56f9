import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../lib/i18n/use-t';
import { PageTabs } from '../../lib/ui/page-tabs';
import { ReportFilterBar } from './report-filters';
import { ReportResult } from './report-result';
import { REPORT_TABS, reportsOf } from './report-tabs';
import { useReportFilters } from './use-report-filters';

/**
 * `/facturacion/reporte-facturacion/` (`facturacion` view key): the billing reports, a tab per
 * country (Guatemala, Mexico, El Salvador) and one for the regional reports and the preliminary
 * settlements; in a tab, the report chosen, its filters (as its body schema says), its rows with
 * their totals, and its workbook. The tab, the report and its filters are in the URL.
 */
export default function BillingReportsPage() {
  const t = useT();
  const filters = useReportFilters();
  const { tab, nombre, chooseTab, chooseReport } = filters;
  const listed = reportsOf(tab);
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('reports.page.intro')}</Text>
      <PageTabs value={tab} tabs={REPORT_TABS.map((value) => [value, t(`reports.page.tabs.${value}`)])} onChange={chooseTab} gap="4">
        {nombre ? (
          <Stack gap="4">
            <Field.Root width={{ md: '28rem' }}>
              <Field.Label>{t('reports.page.report')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={nombre} onChange={(event) => chooseReport(event.target.value)}>
                  {listed.map((one) => (
                    <option key={one} value={one}>
                      {t(`reports.names.${one}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{t(`reports.page.about.${nombre}`)}</Field.HelperText>
            </Field.Root>
            <ReportFilterBar key={`filters-${nombre}`} filters={filters} />
            <ReportResult key={`result-${nombre}`} nombre={nombre} filters={filters} />
          </Stack>
        ) : (
          <Text role="status" color="fg.muted">
            {t('reports.page.noneYet')}
          </Text>
        )}
      </PageTabs>
    </Stack>
  );
}
