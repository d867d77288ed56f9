import { Alert, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Failure } from '../../lib/api/read-failure';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { OfferProblemList, type OfferProblem } from './offer-problems';

/**
 * The frame of every log book sheet (MER and AMM declarations, El Salvador's and Mexico's offers,
 * the thermal agents): its title and words on the left, its commands on the right, then the last
 * save's outcome (a success, the server's refusal, each refused line) above the sheet itself.
 */
export function SheetCard({
  title,
  intro,
  actions,
  success,
  refusal,
  problems = [],
  children,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
  success?: string | null;
  refusal?: Failure | null;
  problems?: readonly OfferProblem[];
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            {intro ? (
              <Text textStyle="sm" color="fg.muted">
                {intro}
              </Text>
            ) : null}
          </Stack>
          {actions ? (
            <HStack gap="2" wrap="wrap">
              {actions}
            </HStack>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {success ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{success}</Alert.Title>
            </Alert.Root>
          ) : null}
          {refusal ? <ErrorAlert messageKey={refusal.messageKey} /> : null}
          <OfferProblemList problems={problems} />
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
