import type { PublicConfig } from '../../../schemas/public-config.schema';
import { IdentityConfigError } from './identity-errors';

let pending: Promise<PublicConfig> | null = null;

function requireText(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new IdentityConfigError(`/config.json has no ${name}: the identity service needs a user pool id and a client id.`);
  }
  return value;
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new IdentityConfigError(`/config.json answered ${response.status}`);
  const body = (await response.json()) as Partial<Record<keyof PublicConfig, unknown>>;
  const config: PublicConfig = {
    userPoolId: requireText(body.userPoolId, 'userPoolId'),
    clientId: requireText(body.clientId, 'clientId'),
    gatewayUrl: typeof body.gatewayUrl === 'string' ? body.gatewayUrl : '/gateway',
  };
  if (typeof body.endpoint === 'string' && body.endpoint !== '') config.endpoint = body.endpoint;
  return config;
}

/**
 * The server's public configuration (`GET /config.json`), fetched once per page load so one
 * build runs anywhere. A failed fetch is not remembered: the next call tries again.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (!pending) {
    const attempt = fetchPublicConfig();
    pending = attempt;
    attempt.catch(() => {
      if (pending === attempt) pending = null;
    });
  }
  return pending;
}
