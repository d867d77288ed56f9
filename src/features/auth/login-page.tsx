import { Alert, Stack } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SessionError } from '../../../machines/session/session.machine';
import { returnPathFrom } from '../../app/session/return-path';
import { useSession } from '../../app/session/use-session';
import { useT } from '../../lib/i18n/use-t';
import { AuthField, AuthLink, AuthSubmit, prefetchIdentityClient } from './auth-field';
import { AuthLayout } from './auth-layout';

/** The i18n key of each sign-in failure (spec sections 5 and 8). */
const ERROR_KEYS: Record<SessionError, string> = {
  invalidCredentials: 'login.errors.invalid',
  invalidEmail: 'login.errors.email',
  connection: 'login.errors.connection',
  mfaRequired: 'login.errors.mfa',
  expired: 'login.errors.expired',
};

/**
 * `/`: sign in with username (e-mail) and password; a signed-in user goes on to the address
 * the visitor first opened (`?next=`), else to `/home`.
 */
export default function LoginPage() {
  const t = useT();
  const { status, error, signIn } = useSession();
  const [, navigate] = useLocation();
  // Read once, as the visitor arrived: the way back must not follow the address it leads to.
  const search = useSearch();
  const [returnPath] = useState(() => returnPathFrom(search));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    if (status === 'signedIn') navigate(returnPath, { replace: true });
  }, [status, navigate, returnPath]);

  const busy = status === 'signingIn' || status === 'restoring' || status === 'signedIn';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn(username, password);
  }

  return (
    <AuthLayout titleKey="login.title" subtitle={t('login.subtitle')}>
      {/* noValidate: the e-mail check and its message are the app's, not the browser's. */}
      <form onSubmit={submit} onFocus={prefetchIdentityClient} noValidate aria-label={t('login.title')}>
        <Stack gap="4">
          {error && (
            <Alert.Root status={error === 'expired' ? 'warning' : 'error'} role="alert">
              <Alert.Indicator />
              <Alert.Title>{t(ERROR_KEYS[error])}</Alert.Title>
            </Alert.Root>
          )}
          <AuthField
            label={t('login.username')}
            invalid={error === 'invalidEmail'}
            name="username"
            type="text"
            inputMode="email"
            autoComplete="username"
            value={username}
            onValueChange={setUsername}
          />
          <AuthField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          <AuthSubmit busy={busy}>{t('login.submit')}</AuthSubmit>
          <AuthLink href="/security/forgot-password">{t('login.forgotPassword')}</AuthLink>
        </Stack>
      </form>
    </AuthLayout>
  );
}
