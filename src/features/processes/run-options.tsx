import { Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { MARKET_SITES, RETRIES_MAX, RETRIES_MIN, WORKER_LIMITS, type MarketSite } from '../../../schemas/process.schema';
import { FormField } from '../../lib/forms/form-field';
import { useT } from '../../lib/i18n/use-t';
import type { SelectionIssues } from './selection-issues';

/** What every run is asked with: the site, its workers (sessions) and each item's retries. */
export interface RunOptions {
  sitio: MarketSite;
  trabajadores: number;
  reintentos: number;
}

export const DEFAULT_RUN_OPTIONS: RunOptions = { sitio: 'original', trabajadores: 4, reintentos: 3 };

/** A whole number typed in a box (NaN while empty or not a number: the checks say so). */
export const typedInteger = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The site, workers and retries of a run, with their messages; `onChange` hears the fields a
 * change sets. Changing the site keeps the workers within its limit (the modified site admits
 * fewer sessions).
 */
export function RunOptionsFields({ value, onChange, issues }: { value: RunOptions; onChange: (changed: Partial<RunOptions>) => void; issues: SelectionIssues }) {
  const t = useT();
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
      <FormField labelKey="processes.options.sitio" error={issues['/sitio']}>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={value.sitio}
            onChange={(event) => {
              const sitio = event.target.value as MarketSite;
              const trabajadores = Number.isNaN(value.trabajadores) ? value.trabajadores : Math.min(value.trabajadores, WORKER_LIMITS[sitio]);
              onChange({ sitio, trabajadores });
            }}
          >
            {MARKET_SITES.map((site) => (
              <option key={site} value={site}>
                {t(`processes.sites.${site}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField labelKey="processes.options.trabajadores" error={issues['/trabajadores']}>
        <Input
          type="number"
          min={1}
          max={WORKER_LIMITS[value.sitio]}
          value={Number.isNaN(value.trabajadores) ? '' : value.trabajadores}
          onChange={(event) => onChange({ trabajadores: typedInteger(event.target.value) })}
        />
      </FormField>
      <FormField labelKey="processes.options.reintentos" error={issues['/reintentos']}>
        <Input
          type="number"
          min={RETRIES_MIN}
          max={RETRIES_MAX}
          value={Number.isNaN(value.reintentos) ? '' : value.reintentos}
          onChange={(event) => onChange({ reintentos: typedInteger(event.target.value) })}
        />
      </FormField>
    </SimpleGrid>
  );
}
