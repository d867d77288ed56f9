import { describe, expect, it } from 'vitest';
import { settlementOffers, type OfferedTo } from '../../src/features/settlements/settlement-offers';
import { ME, settlementDetail } from './settlement-fixtures';

const SUPERVISOR: OfferedTo = { ...ME, mayCreate: true, mayValidate: true };
const ANALYST: OfferedTo = { ...ME, mayCreate: true, mayValidate: false };

describe('the commands a settlement page offers (the lifecycle machine decides)', () => {
  it('offers a preliminary DF prepared by someone else for computing again and validating', () => {
    const offers = settlementOffers(settlementDetail(), SUPERVISOR);
    expect(offers.compute).toEqual({ shown: true, refusal: null });
    expect(offers.validate).toEqual({ shown: true, refusal: null });
    expect(offers.reconcile.shown).toBe(false);
  });

  it('shows validation refused, with the four-eyes reason, to whoever computed it last (whatever the case of the e-mail)', () => {
    const offers = settlementOffers(settlementDetail('hora', { calculada_por: 'ADA@demo.energy' }), SUPERVISOR);
    expect(offers.validate).toEqual({ shown: true, refusal: 'APP_ERR_SETTLEMENT_FOUR_EYES' });
    expect(offers.compute.refusal).toBeNull();
  });

  it('never shows validation to a role without the validate action, nor for a PE', () => {
    expect(settlementOffers(settlementDetail(), ANALYST).validate.shown).toBe(false);
    expect(settlementOffers(settlementDetail('hora', { version_liquidacion: 'PE' }), SUPERVISOR).validate.shown).toBe(false);
  });

  it('offers nothing but reconciliation for a validated DF: it is final', () => {
    const offers = settlementOffers(settlementDetail('hora', { estado: 'validada', validada_por: 'sara@demo.energy' }), ANALYST);
    expect(offers.compute.shown).toBe(false);
    expect(offers.validate.shown).toBe(false);
    expect(offers.reconcile).toEqual({ shown: true, refusal: null });
  });

  it('shows the reconciliation of a DF already reconciled as refused, with its reason', () => {
    const offers = settlementOffers(settlementDetail('hora', { estado: 'validada', conciliada: true }), ANALYST);
    expect(offers.reconcile).toEqual({ shown: true, refusal: 'APP_ERR_SETTLEMENT_RECONCILED' });
  });

  it('offers no command that changes a settlement to a role that may not create settlements', () => {
    const reader: OfferedTo = { ...ME, mayCreate: false, mayValidate: false };
    const offers = settlementOffers(settlementDetail('hora', { estado: 'validada' }), reader);
    expect([offers.compute.shown, offers.validate.shown, offers.reconcile.shown]).toEqual([false, false, false]);
  });
});
