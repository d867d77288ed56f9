// @vitest-environment happy-dom
import { CognitoUserPool } from 'amazon-cognito-identity-js';
import { afterEach, describe, expect, it } from 'vitest';
import { mayHaveStoredSession } from '../../src/lib/identity/load-identity-client';

// The start skips loading the identity client when no session is stored: the guess must agree
// with the client's own reading of its storage, so no stored session is ever left unrestored.
const pool = new CognitoUserPool({ UserPoolId: 'eu-west-1_AbCdEf123', ClientId: 'app-client-id' });

afterEach(() => localStorage.clear());

describe('whether a session may be stored', () => {
  it('is no when the identity client finds no current user', () => {
    localStorage.setItem('energy-backoffice.locale', 'en-US');
    expect(pool.getCurrentUser()).toBeNull();
    expect(mayHaveStoredSession()).toBe(false);
  });

  it('is yes when the identity client finds one', () => {
    localStorage.setItem('CognitoIdentityServiceProvider.app-client-id.LastAuthUser', 'ada@demo.energy');
    expect(pool.getCurrentUser()?.getUsername()).toBe('ada@demo.energy');
    expect(mayHaveStoredSession()).toBe(true);
  });

  it('is no without any storage', () => {
    expect(mayHaveStoredSession(null)).toBe(false);
  });
});
