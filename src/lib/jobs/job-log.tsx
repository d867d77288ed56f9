import { Box, List, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { JobEvent } from '../../../schemas/job.schema';
import type { TranslationParams } from '../i18n/i18n';
import { useT, type Translate } from '../i18n/use-t';

/**
 * A parameter that is itself a message key (why an item failed: `processes.errors.timeout`; a
 * site: `processes.sites.original`): lower-case words joined by dots, three or more of them, so a
 * code (`GT-ESC-230`), a number or an address never reads as one.
 */
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9_]*){2,}$/;

/** A line's parameters as the translation takes them (the server sends any JSON), keys among them in words. */
function paramsOf(line: JobEvent, t: Translate): TranslationParams {
  const params: TranslationParams = {};
  if (typeof line.params !== 'object' || line.params === null) return params;
  for (const [name, value] of Object.entries(line.params as Record<string, unknown>)) {
    params[name] = typeof value === 'number' ? value : typeof value === 'string' && MESSAGE_KEY.test(value) ? t(value) : String(value);
  }
  return params;
}

/**
 * A job's log lines in the user's language (a parameter that is a message key too), newest last and kept in view as they arrive;
 * warnings and errors in their colours. `maxH` bounds the box (it scrolls beyond).
 */
export function JobLog({ lines, maxH = '40' }: { lines: readonly JobEvent[]; maxH?: BoxProps['maxH'] }) {
  const t = useT();
  const log = useRef<HTMLUListElement>(null);

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [lines.length]);

  return (
    <Box maxH={maxH} overflowY="auto" borderWidth="1px" borderRadius="l2" px="2" py="1" tabIndex={0} role="log" aria-label={t('jobs.progress.log')}>
      <List.Root ref={log} variant="plain" gap="0.5" textStyle="sm">
        {lines.map((line) => (
          <List.Item key={line.id} color={line.nivel === 'error' ? 'fg.error' : line.nivel === 'warn' ? 'fg.warning' : undefined}>
            {t(line.clave ?? '', paramsOf(line, t))}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
