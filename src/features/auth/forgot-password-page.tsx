import { Alert, Box, Button, Card, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { isEmailFormat } from '../../../schemas/email.schema';
import { brokenPasswordRules, type PasswordRule } from '../../../schemas/password.schema';
import { notify } from '../../app/toaster';
import { useT } from '../../lib/i18n/use-t';
import { confirmPassword, forgotPassword } from '../../lib/identity/identity-client';
import { recoveryErrorKind } from '../../lib/identity/identity-errors';
import { AuthField } from './auth-field';
import { AuthLayout } from './auth-layout';

const POLICY_RULES: PasswordRule[] = ['minLength', 'uppercase', 'lowercase', 'digit', 'special'];

type Step = 'request' | 'confirm';

/** The policy under the new password: met rules in green, broken ones red once submitted. */
function PasswordPolicy({ brokenRules, showBroken }: { brokenRules: PasswordRule[]; showBroken: boolean }) {
  const t = useT();
  return (
    <>
      <Text>{t('forgotPassword.policy.title')}</Text>
      <List.Root aria-label={t('forgotPassword.policy.title')} paddingStart="4">
        {POLICY_RULES.map((rule) => (
          <List.Item
            key={rule}
            color={brokenRules.includes(rule) ? (showBroken ? 'fg.error' : 'fg.muted') : 'fg.success'}
          >
            {t(`forgotPassword.policy.${rule}`)}
          </List.Item>
        ))}
      </List.Root>
    </>
  );
}

/**
 * `/security/forgot-password` in two steps (spec section 2): ask for a code by e-mail, then
 * set a new password with that code. Success returns to `/` with a toast.
 */
export default function ForgotPasswordPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<Step>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const brokenRules = brokenPasswordRules(newPassword);
  const emailInvalid = submitted && step === 'request' && !isEmailFormat(email.trim());
  const codeMissing = submitted && step === 'confirm' && code.trim() === '';
  const passwordInvalid = submitted && step === 'confirm' && brokenRules.length > 0;
  const mismatch = submitted && step === 'confirm' && confirmation !== newPassword;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(`forgotPassword.errors.${recoveryErrorKind(error)}`);
    } finally {
      setBusy(false);
    }
  }

  function requestCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!isEmailFormat(email.trim())) return;
    void run(async () => {
      await forgotPassword(email.trim());
      setSubmitted(false);
      setStep('confirm');
    });
  }

  function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (code.trim() === '' || brokenRules.length > 0 || confirmation !== newPassword) return;
    void run(async () => {
      await confirmPassword(email.trim(), code, newPassword);
      notify({ message: t('forgotPassword.success'), type: 'success' });
      navigate('/', { replace: true });
    });
  }

  return (
    <AuthLayout>
      <Card.Root width="full" maxWidth="md">
        <Card.Header>
          <Heading as="h1" size="xl">
            {t('forgotPassword.title')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{t(failure)}</Alert.Title>
              </Alert.Root>
            )}
            {step === 'request' ? (
              <form onSubmit={requestCode} noValidate aria-label={t('forgotPassword.sendCode')}>
                <Stack gap="4">
                  <Text>{t('forgotPassword.requestIntro')}</Text>
                  <AuthField
                    label={t('forgotPassword.email')}
                    invalid={emailInvalid}
                    error={t('login.errors.email')}
                    name="email"
                    type="text"
                    inputMode="email"
                    autoComplete="username"
                    value={email}
                    onValueChange={setEmail}
                  />
                  <Button type="submit" colorPalette="blue" loading={busy} width="full">
                    {t('forgotPassword.sendCode')}
                  </Button>
                </Stack>
              </form>
            ) : (
              <form onSubmit={changePassword} noValidate aria-label={t('forgotPassword.submit')}>
                <Stack gap="4">
                  <Text role="status">{t('forgotPassword.codeSent', { email: email.trim() })}</Text>
                  <AuthField
                    label={t('forgotPassword.code')}
                    invalid={codeMissing}
                    error={t('forgotPassword.codeRequired')}
                    name="code"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    value={code}
                    onValueChange={setCode}
                  />
                  <AuthField
                    label={t('forgotPassword.newPassword')}
                    invalid={passwordInvalid}
                    helper={<PasswordPolicy brokenRules={brokenRules} showBroken={passwordInvalid} />}
                    name="new-password"
                    type="password"
                    autoComplete="new-password"
                    value={newPassword}
                    onValueChange={setNewPassword}
                  />
                  <AuthField
                    label={t('forgotPassword.confirmPassword')}
                    invalid={mismatch}
                    error={t('forgotPassword.mismatch')}
                    name="confirm-password"
                    type="password"
                    autoComplete="new-password"
                    value={confirmation}
                    onValueChange={setConfirmation}
                  />
                  <Button type="submit" colorPalette="blue" loading={busy} width="full">
                    {t('forgotPassword.submit')}
                  </Button>
                </Stack>
              </form>
            )}
            <Box textAlign="center">
              <Link asChild colorPalette="blue">
                <RouterLink href="/">{t('forgotPassword.backToLogin')}</RouterLink>
              </Link>
            </Box>
          </Stack>
        </Card.Body>
      </Card.Root>
    </AuthLayout>
  );
}
