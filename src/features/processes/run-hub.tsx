import { Badge, Box, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import type { RunSession } from '../../../schemas/process.schema';
import { useT } from '../../lib/i18n/use-t';
import { SESSION_STATE_PALETTES } from './run-states';

/** Time since `since`, as m:ss (h:mm:ss past an hour). */
function elapsedText(since: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(since).getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds % 60)}` : `${minutes}:${pad(seconds % 60)}`;
}

/**
 * The hub: one tile per worker session of the run (its state, the item it is on, that item's
 * attempts and the time in this state), so a trader sees at a glance which sessions are stuck.
 * `now` is the monitor's clock (it ticks each second).
 */
export function RunHub({ sessions, now }: { sessions: readonly RunSession[]; now: number }) {
  const t = useT();
  if (sessions.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        {t('processes.monitor.hub.empty')}
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 2, md: 4, xl: 6 }} gap="2" role="list" aria-label={t('processes.monitor.hub.title')}>
      {sessions.map((session) => {
        const name = t('processes.monitor.hub.worker', { n: session.trabajador });
        return (
          <Box key={session.trabajador} role="listitem" aria-label={name} borderWidth="1px" borderRadius="l2" p="2" textStyle="sm">
            <Flex justify="space-between" align="center" gap="2">
              <Text fontWeight="semibold">{name}</Text>
              <Badge colorPalette={SESSION_STATE_PALETTES[session.estado] ?? 'gray'}>{t(`processes.monitor.sessionStates.${session.estado}`)}</Badge>
            </Flex>
            <Text truncate title={session.item_clave ?? undefined}>
              {session.item_clave ?? t('processes.monitor.hub.noItem')}
            </Text>
            <Flex justify="space-between" color="fg.muted">
              <Text>{t('processes.monitor.hub.attempts', { n: session.intentos })}</Text>
              <Text>{elapsedText(session.desde, now)}</Text>
            </Flex>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
