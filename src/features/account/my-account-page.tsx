import { Badge, Button, Card, DataList, Input, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { passwordChangeMachine, type PasswordField } from '../../../machines/account/password-change.machine';
import { brokenPasswordRules, type PasswordRule } from '../../../schemas/password.schema';
import { useSession } from '../../app/session/use-session';
import { notify } from '../../app/notifications';
import { FormField } from '../../lib/forms/form-field';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { changePassword, IdentityError } from '../../lib/identity/identity-client';

const POLICY_RULES: PasswordRule[] = ['minLength', 'uppercase', 'lowercase', 'digit', 'special'];

/** What the identity service's refusal means to the user. */
function changeErrorKey(error: unknown): string {
  switch (IdentityError.from(error).code) {
    case 'NotAuthorizedException':
      return 'account.errors.wrongPassword';
    case 'InvalidPasswordException':
    case 'InvalidParameterException':
      return 'account.errors.policy';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return 'account.errors.tooManyAttempts';
    default:
      return 'forms.errors.connection';
  }
}

/** `/mi-cuenta/`: the signed-in user's profile, and changing their password (the password-change machine). */
export default function MyAccountPage() {
  const t = useT();
  const { user } = useSession();
  const latestT = useRef(t);
  latestT.current = t;
  const machine = useMemo(
    () =>
      passwordChangeMachine.provide({
        actors: { changePassword: fromPromise(({ input }: { input: { current: string; next: string } }) => changePassword(input.current, input.next)) },
        actions: { notifyChanged: () => notify({ type: 'success', message: latestT.current('account.passwordChanged') }) },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  const { values, fieldErrors: errors, failure } = snapshot.context;
  const failureKey = failure === null ? null : changeErrorKey(failure);
  const broken = brokenPasswordRules(values.next);
  const field = (name: PasswordField, autoComplete: string) => (
    <FormField labelKey={`account.fields.${name}`} error={errors[name]} required>
      <Input type="password" autoComplete={autoComplete} value={values[name]} onChange={(event) => send({ type: 'field.change', field: name, value: event.target.value })} />
    </FormField>
  );

  const profile: Array<[string, string]> = user
    ? [
        ['account.fields.name', [user.nombre, user.segundo_nombre, user.primer_apellido, user.segundo_apellido].filter(Boolean).join(' ')],
        ['account.fields.email', user.email],
      ]
    : [];

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('account.profile')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal">
            {profile.map(([labelKey, value]) => (
              <DataList.Item key={labelKey}>
                <DataList.ItemLabel>{t(labelKey)}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
            <DataList.Item>
              <DataList.ItemLabel>{t('account.fields.views')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Stack direction="row" wrap="wrap" gap="1">
                  {(user?.permisos_x_view ?? []).map((item) => {
                    const key = typeof item === 'string' ? item : item.id;
                    return (
                      <Badge key={key} variant="subtle">
                        {t(`permissions.${key}`)}
                      </Badge>
                    );
                  })}
                </Stack>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('account.changePassword')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'password.submit' });
            }}
            aria-label={t('account.changePassword')}
          >
            <Stack gap="4">
              {failureKey ? (
                <ErrorAlert messageKey={failureKey} />
              ) : null}
              {field('current', 'current-password')}
              {field('next', 'new-password')}
              <Stack gap="1">
                <Text fontSize="sm" color="fg.muted">
                  {t('forgotPassword.policy.title')}
                </Text>
                <List.Root fontSize="sm" ps="4">
                  {POLICY_RULES.map((rule) => (
                    <List.Item key={rule} color={values.next !== '' && !broken.includes(rule) ? 'green.fg' : 'fg.muted'}>
                      {t(`forgotPassword.policy.${rule}`)}
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
              {field('confirmation', 'new-password')}
              <Button type="submit" colorPalette="blue" loading={snapshot.matches('changing')} alignSelf="flex-end">
                {t('account.submit')}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
