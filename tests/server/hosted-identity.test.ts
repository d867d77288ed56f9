// @vitest-environment node
// With COGNITO_* set the built-in identity service is off and the browser talks to the hosted one.
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helpers';

const ISSUER = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbC123';
const CLIENT_ID = '1h2j3k4l5m6n7o8p9q';

let t: TestApp;
let hostedKey: CryptoKey;

beforeAll(async () => {
  // Stand in for the hosted service's JWKS endpoint: jose fetches it with the global fetch.
  const pair = await generateKeyPair('RS256');
  hostedKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'hosted-1', alg: 'RS256', use: 'sig' };
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === `${ISSUER}/.well-known/jwks.json`) {
      return new Response(JSON.stringify({ keys: [jwk] }), { headers: { 'content-type': 'application/json' } });
    }
    return realFetch(input, init);
  });
  t = await startTestApp({
    env: {
      PUBLIC_URL: 'https://backoffice.example.com',
      COGNITO_USER_POOL_ID: 'us-east-1_AbC123',
      COGNITO_CLIENT_ID: '1h2j3k4l5m6n7o8p9q',
      COGNITO_REGION: 'us-east-1',
      GATEWAY_URL: 'https://gateway.example.com/prod',
    },
  });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

function hostedIdToken(email: string, key: CryptoKey = hostedKey) {
  return new SignJWT({ email, token_use: 'id', aud: CLIENT_ID, 'cognito:username': 'a1b2c3d4-uuid' })
    .setProtectedHeader({ alg: 'RS256', kid: 'hosted-1' })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

describe('hosted identity mode', () => {
  it('GET /config.json names the hosted pool and client and leaves the endpoint out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toEqual({
      userPoolId: 'us-east-1_AbC123',
      clientId: '1h2j3k4l5m6n7o8p9q',
      gatewayUrl: 'https://gateway.example.com/prod',
    });
  });

  it('does not run the built-in identity service', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/idp/',
      headers: { 'content-type': 'application/json', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('APP_ERR_ROUTE_NOT_FOUND');
  });

  it('lets the browser reach the hosted service and the gateway, and pins HTTPS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.us-east-1\.amazonaws\.com https:\/\/gateway\.example\.com/);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('hosted identity tokens', () => {
  it('accepts an id token signed with the hosted pool key and finds the user by its email claim', async () => {
    await t.createUser({ email: 'hosted@test.energy', permisos_x_view: ['dashboard'] });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/get-once/hosted%40test.energy',
      headers: bearer(await hostedIdToken('Hosted@Test.energy')),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe('hosted@test.energy');
  });

  it('refuses tokens of the built-in issuer or signed by another key', async () => {
    const builtIn = await t.mintToken('hosted@test.energy');
    const otherKey = (await generateKeyPair('RS256')).privateKey;
    for (const token of [builtIn, await hostedIdToken('hosted@test.energy', otherKey)]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/get-once/hosted%40test.energy', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
  });
});
