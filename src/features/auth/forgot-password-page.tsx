import { List, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  forgotPasswordMachine,
  recoveryProblems,
  type ConfirmPasswordInput,
  type NewPasswordField,
} from '../../../machines/auth/forgot-password.machine';
import { brokenPasswordRules, type PasswordRule } from '../../../schemas/password.schema';
import { notify } from '../../app/notifications';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { recoveryErrorKind } from '../../lib/identity/identity-errors';
import { loadIdentityClient } from '../../lib/identity/load-identity-client';
import { AuthField, AuthLink, AuthSubmit, prefetchIdentityClient, type AuthFieldProps } from './auth-field';
import { AuthLayout } from './auth-layout';

const POLICY_RULES: PasswordRule[] = ['minLength', 'uppercase', 'lowercase', 'digit', 'special'];

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
 * `/security/forgot-password` in two steps (spec section 2) on the forgot-password machine:
 * ask for a code by e-mail, then set a new password with that code. Success returns to `/`
 * with a toast.
 */
export default function ForgotPasswordPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          requestCode: fromPromise<void, string>(async ({ input }) => (await loadIdentityClient()).forgotPassword(input)),
          confirmPassword: fromPromise<void, ConfirmPasswordInput>(async ({ input }) =>
            (await loadIdentityClient()).confirmPassword(input.email, input.code, input.password),
          ),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  const { email, password, submitted, failure } = snapshot.context;
  const done = snapshot.matches('done');

  useEffect(() => {
    if (!done) return;
    notify({ message: t('forgotPassword.success'), type: 'success' });
    navigate('/', { replace: true });
  }, [done, navigate, t]);

  const confirmStep = snapshot.matches('codeSent') || snapshot.matches('confirming') || done;
  const busy = snapshot.matches('sendingCode') || snapshot.matches('confirming');
  const problems = recoveryProblems(snapshot.context);
  const shown = (problem: boolean) => submitted && problem;
  const change = (field: NewPasswordField) => (value: string) => send({ type: 'field.change', field, value });
  /** A field of the second step: its label, its problem shown once submitted, its value and its change. */
  const field = (name: NewPasswordField, labelKey: string, input: Omit<AuthFieldProps, 'label' | 'value' | 'onValueChange'>) => (
    <AuthField label={t(labelKey)} invalid={shown(problems[name])} value={snapshot.context[name]} onValueChange={change(name)} {...input} />
  );
  const failureKey = failure === null ? null : `forgotPassword.errors.${recoveryErrorKind(failure)}`;
  const submitWith = (type: 'code.request' | 'password.submit') => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type });
  };

  return (
    <AuthLayout titleKey="forgotPassword.title">
      <Stack gap="4">
        {failureKey && (
          <ErrorAlert messageKey={failureKey} />
        )}
        {!confirmStep ? (
          <form onSubmit={submitWith('code.request')} onFocus={prefetchIdentityClient} noValidate aria-label={t('forgotPassword.sendCode')}>
            <Stack gap="4">
              <Text>{t('forgotPassword.requestIntro')}</Text>
              <AuthField
                label={t('forgotPassword.email')}
                invalid={shown(problems.email)}
                error={t('login.errors.email')}
                name="email"
                type="text"
                inputMode="email"
                autoComplete="username"
                value={email}
                onValueChange={(value) => send({ type: 'email.change', value })}
              />
              <AuthSubmit busy={busy}>{t('forgotPassword.sendCode')}</AuthSubmit>
            </Stack>
          </form>
        ) : (
          <form onSubmit={submitWith('password.submit')} noValidate aria-label={t('forgotPassword.submit')}>
            <Stack gap="4">
              <Text role="status">{t('forgotPassword.codeSent', { email: email.trim() })}</Text>
              {field('code', 'forgotPassword.code', { error: t('forgotPassword.codeRequired'), name: 'code', autoComplete: 'one-time-code', inputMode: 'numeric' })}
              {field('password', 'forgotPassword.newPassword', {
                helper: <PasswordPolicy brokenRules={brokenPasswordRules(password)} showBroken={shown(problems.password)} />,
                name: 'new-password',
                type: 'password',
                autoComplete: 'new-password',
              })}
              {field('confirmation', 'forgotPassword.confirmPassword', {
                error: t('forgotPassword.mismatch'),
                name: 'confirm-password',
                type: 'password',
                autoComplete: 'new-password',
              })}
              <AuthSubmit busy={busy}>{t('forgotPassword.submit')}</AuthSubmit>
            </Stack>
          </form>
        )}
        <AuthLink href="/">{t('forgotPassword.backToLogin')}</AuthLink>
      </Stack>
    </AuthLayout>
  );
}
