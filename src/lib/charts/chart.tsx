import { Box } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import en from 'apexcharts/dist/locales/en.json';
import es from 'apexcharts/dist/locales/es.json';
import { useMemo } from 'react';
import ReactApexChart from 'react-apexcharts';
import type { Locale } from '../i18n/locales';
import { useLocale } from '../i18n/use-locale';

/**
 * The app's one chart: ApexCharts in the active language (its menu, month and day names) with
 * the app's font. Pages import it lazily (ApexCharts is about 280 KB gzip), so the first page
 * stays light. `options` are the chart's own (axes, labels, formatters); what every chart shares
 * is set here once.
 */

const APEX_LOCALES: Record<Locale, { name: string; options: object }> = {
  'es-ES': es as { name: string; options: object },
  'en-US': en as { name: string; options: object },
};

type ChartType = 'line' | 'area' | 'bar' | 'donut' | 'pie';

export interface ChartProps {
  type: ChartType;
  series: ApexOptions['series'];
  options?: ApexOptions;
  height?: number;
  /** What the chart shows, for a screen reader (the chart's SVG has no text of its own). */
  label: string;
}

export default function Chart({ type, series, options, height = 280, label }: ChartProps) {
  const locale = useLocale();
  const merged = useMemo<ApexOptions>(() => {
    const apexLocale = APEX_LOCALES[locale];
    return {
      ...options,
      chart: {
        fontFamily: 'inherit',
        toolbar: { show: true, tools: { download: true, selection: false, zoom: false, zoomin: false, zoomout: false, pan: false, reset: false } },
        animations: { enabled: false },
        ...options?.chart,
        locales: [apexLocale],
        defaultLocale: apexLocale.name,
      },
    };
  }, [locale, options]);
  return (
    // A figure, not an image: an image's content is hidden from assistive technology, and the
    // chart's menu (download) inside it is a control a keyboard reaches.
    <Box role="figure" aria-label={label}>
      {/* A new language remounts the chart: ApexCharts reads its locale only when it is made. */}
      <ReactApexChart key={locale} type={type} series={series} options={merged} height={height} />
    </Box>
  );
}
