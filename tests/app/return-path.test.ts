// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { returnPathFrom, signInPathFor } from '../../src/app/session/return-path';

describe('the way back after signing in', () => {
  it('sends a visitor to the sign-in page carrying the full address they opened', () => {
    expect(signInPathFor('/contratos/5', '')).toBe('/?next=%2Fcontratos%2F5');
    expect(signInPathFor('/contratos', 'sort=plazo%3Adesc&tipo=PF')).toBe('/?next=%2Fcontratos%3Fsort%3Dplazo%253Adesc%26tipo%3DPF');
  });

  it('carries nothing for home, where signing in lands anyway', () => {
    expect(signInPathFor('/home', '')).toBe('/');
  });

  it('returns to the address the sign-in page carries, search included', () => {
    expect(returnPathFrom('next=%2Fcontratos%2F5')).toBe('/contratos/5');
    expect(returnPathFrom(signInPathFor('/contratos', 'sort=plazo%3Adesc&tipo=PF').split('?')[1]!)).toBe('/contratos?sort=plazo%3Adesc&tipo=PF');
    expect(returnPathFrom('lang=en-US&next=%2Fanexos%3Fcontrato%3D3')).toBe('/anexos?contrato=3');
  });

  it('lands on /home without an address to return to', () => {
    expect(returnPathFrom('')).toBe('/home');
    expect(returnPathFrom('lang=en-US')).toBe('/home');
    expect(returnPathFrom('next=')).toBe('/home');
  });

  it('never leaves the site: another origin, a scheme or a protocol-relative address lands on /home', () => {
    for (const next of [
      'https://evil.example/home',
      '//evil.example/home',
      '/\\evil.example/home',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'contratos/5',
      '/',
    ]) {
      expect(returnPathFrom(`next=${encodeURIComponent(next)}`), next).toBe('/home');
    }
  });
});
