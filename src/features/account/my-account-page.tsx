import { Alert, Badge, Button, Card, DataList, Input, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { brokenPasswordRules, type PasswordRule } from '../../../schemas/password.schema';
import { useSession } from '../../app/session/use-session';
import { notify } from '../../app/toaster';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { FormField } from '../../lib/forms/form-field';
import { validateForm } from '../../lib/forms/validate-form';
import passwordSchema from 'virtual:form-validator/password';
import { useT } from '../../lib/i18n/use-t';
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

/** `/mi-cuenta/`: the signed-in user's profile, and changing their password. */
export default function MyAccountPage() {
  const t = useT();
  const { user } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failureKey, setFailureKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const broken = brokenPasswordRules(next);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailureKey(null);
    const found: FieldErrors = {};
    if (current === '') found.current = { key: 'forms.errors.required' };
    const policy = validateForm(passwordSchema, next, { '': { '*': 'admin.users.errors.password' } })[''];
    if (next === '') found.next = { key: 'forms.errors.required' };
    else if (policy) found.next = policy;
    if (confirmation !== next) found.confirmation = { key: 'forms.errors.passwordMismatch' };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirmation('');
      notify({ type: 'success', message: t('account.passwordChanged') });
    } catch (error) {
      setFailureKey(changeErrorKey(error));
    } finally {
      setBusy(false);
    }
  }

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
          <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('account.changePassword')}>
            <Stack gap="4">
              {failureKey ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{t(failureKey)}</Alert.Title>
                </Alert.Root>
              ) : null}
              <FormField labelKey="account.fields.current" error={errors.current} required>
                <Input type="password" autoComplete="current-password" value={current} onChange={(event) => setCurrent(event.target.value)} />
              </FormField>
              <FormField labelKey="account.fields.next" error={errors.next} required>
                <Input type="password" autoComplete="new-password" value={next} onChange={(event) => setNext(event.target.value)} />
              </FormField>
              <Stack gap="1">
                <Text fontSize="sm" color="fg.muted">
                  {t('forgotPassword.policy.title')}
                </Text>
                <List.Root fontSize="sm" ps="4">
                  {POLICY_RULES.map((rule) => (
                    <List.Item key={rule} color={next !== '' && !broken.includes(rule) ? 'green.fg' : 'fg.muted'}>
                      {t(`forgotPassword.policy.${rule}`)}
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
              <FormField labelKey="account.fields.confirmation" error={errors.confirmation} required>
                <Input type="password" autoComplete="new-password" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} />
              </FormField>
              <Button type="submit" colorPalette="blue" loading={busy} alignSelf="flex-end">
                {t('account.submit')}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
