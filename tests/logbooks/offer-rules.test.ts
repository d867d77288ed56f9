// @vitest-environment node
// The offer rules of schemas/logbook.schema.ts, which the server and the forms both judge:
// each rule on its own, and a property of the block order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blocksOrdered, offerMw, offerRuleBreaks, type OfferFacts, type OfferRow } from '../../schemas/logbook.schema';

const MER: OfferFacts = { mercado: 'MER', potenciaAnexo: new Map([[7, '20']]) };

function row(values: Partial<OfferRow> = {}): OfferRow {
  return { periodo: 1, pm: 'GT-ESC-230', sentido: 'I', tipo: 'DECLARACION', anexo_id: 7, mw_declarada: '12', bloques: [{ precio: '80', mw: '12' }], ...values };
}

const keywords = (filas: OfferRow[], facts: OfferFacts = MER) => offerRuleBreaks(filas, facts).map(({ fila, field, keyword }) => `${fila}:${field}:${keyword}`);

describe('the offer rules', () => {
  it('accept a day of declarations within the contracted power, blocks in order', () => {
    const day = Array.from({ length: 24 }, (_, index) => row({ periodo: index + 1, bloques: [{ precio: '80', mw: '5' }, { precio: '95.5', mw: '7' }] }));
    expect(offerRuleBreaks(day, MER)).toEqual([]);
  });

  it('refuse the same key twice, naming the first row', () => {
    expect(offerRuleBreaks([row(), row({ bloques: [{ precio: '90', mw: '1' }] })], MER)).toEqual([{ fila: 1, field: 'periodo', keyword: 'offerDuplicate', params: { fila: 1 } }]);
    // Another period, direction or annex is another key.
    expect(keywords([row(), row({ periodo: 2 }), row({ sentido: 'R', bloques: [{ precio: '80', mw: '1' }] })])).toEqual([]);
  });

  it('refuse an injection whose price falls and a withdrawal whose price rises', () => {
    expect(keywords([row({ bloques: [{ precio: '90', mw: '5' }, { precio: '89.99', mw: '5' }] })])).toEqual(['0:bloques:offerBlocksOrder']);
    expect(keywords([row({ sentido: 'R', bloques: [{ precio: '90', mw: '5' }, { precio: '90.01', mw: '5' }] })])).toEqual(['0:bloques:offerBlocksOrder']);
  });

  it('refuse a declaration over the contracted power, without an annex in force, or whose blocks exceed it', () => {
    expect(offerRuleBreaks([row({ mw_declarada: '20.001', bloques: [] })], MER)).toEqual([{ fila: 0, field: 'mw_declarada', keyword: 'offerOverPower', params: { max: '20' } }]);
    expect(keywords([row({ anexo_id: null })])).toEqual(['0:anexo_id:offerAnnexMissing']);
    expect(keywords([row({ anexo_id: 99 })])).toEqual(['0:anexo_id:offerAnnexUnknown']);
    expect(keywords([row({ mw_declarada: '10', bloques: [{ precio: '80', mw: '6' }, { precio: '81', mw: '4.001' }] })])).toEqual(['0:bloques:offerBlocksOverDeclared']);
    // An annex delivering at two PMs: its declarations of a period add up against its contracted MW.
    expect(keywords([row({ mw_declarada: '12', bloques: [] }), row({ pm: 'GT-LBR-400', mw_declarada: '8', bloques: [] })])).toEqual([]);
    expect(keywords([row({ mw_declarada: '12', bloques: [] }), row({ pm: 'GT-LBR-400', mw_declarada: '8.001', bloques: [] })])).toEqual(['1:mw_declarada:offerOverPower']);
    // Named once, at the row that takes the period over.
    expect(keywords([row({ mw_declarada: '25', bloques: [] }), row({ pm: 'GT-LBR-400', mw_declarada: '0', bloques: [] })])).toEqual(['0:mw_declarada:offerOverPower']);
  });

  it("refuse more blocks than the market takes: three segments at CENACE", () => {
    const segments = [1, 2, 3, 4].map((n) => ({ precio: String(1000 + n), mw: '1' }));
    const mex: OfferFacts = { mercado: 'MEX', potenciaAnexo: new Map(), limiteEnlace: { I: '200', R: '120' } };
    expect(keywords([row({ tipo: 'EXPORTACION', anexo_id: null, bloques: segments })], mex)).toEqual(['0:bloques:offerBlocksCount']);
  });

  it("refuse El Salvador's export offers below the unit's floor or over its offerable MW", () => {
    const slv: OfferFacts = { mercado: 'SLV', potenciaAnexo: new Map(), limitesSlv: new Map([['SV-AHU-230', { precio_piso: '112.40', mw_ofertable: '15' }]]) };
    const offer = (bloques: OfferRow['bloques']) => row({ pm: 'SV-AHU-230', tipo: 'OPORTUNIDAD', anexo_id: null, mw_declarada: null, bloques });
    expect(keywords([offer([{ precio: '112.40', mw: '15' }])], slv)).toEqual([]);
    expect(keywords([offer([{ precio: '112.39', mw: '5' }])], slv)).toEqual(['0:bloques:offerBelowFloor']);
    expect(keywords([offer([{ precio: '120', mw: '10' }, { precio: '130', mw: '5.001' }])], slv)).toEqual(['0:bloques:offerOverAvailable']);
    // A withdrawal offer has no floor.
    expect(keywords([{ ...offer([{ precio: '10', mw: '50' }]), sentido: 'R' }], slv)).toEqual([]);
  });

  it("refuse the Mexico link's hour over its limit in each direction, counting the fixed MW", () => {
    const mex: OfferFacts = { mercado: 'MEX', potenciaAnexo: new Map(), limiteEnlace: { I: '200', R: '120' } };
    const offer = (pm: string, sentido: 'I' | 'R', mw_fija: string) =>
      row({ pm, sentido, tipo: sentido === 'I' ? 'EXPORTACION' : 'IMPORTACION', anexo_id: null, mw_declarada: null, mw_fija, bloques: [{ precio: '1500', mw: '20' }] });
    expect(keywords([offer('MX-TAP-400', 'I', '100'), offer('GT-LBR-400', 'I', '60')], mex)).toEqual([]);
    expect(keywords([offer('MX-TAP-400', 'I', '100'), offer('GT-LBR-400', 'I', '60.001')], mex)).toEqual(['1:bloques:offerOverLink']);
    expect(keywords([offer('MX-TAP-400', 'R', '100.001')], mex)).toEqual(['0:bloques:offerOverLink']);
  });

  it('read the MW of an offer from its declaration, else from its blocks and fixed MW, exactly', () => {
    expect(offerMw(row({ mw_declarada: '12.5' }))).toBe('12.5');
    expect(offerMw(row({ tipo: 'OPORTUNIDAD', mw_declarada: null, mw_fija: '0.1', bloques: [{ precio: '1', mw: '0.2' }] }))).toBe('0.3');
  });

  it('order blocks as sorting them would: an injection ordered by price is accepted, a reversed one only if flat', () => {
    const price = fc.integer({ min: 0, max: 99_999 }).map((cents) => (cents / 100).toFixed(2));
    fc.assert(
      fc.property(fc.array(price, { minLength: 1, maxLength: 5 }), (prices) => {
        const ascending = [...prices].sort((a, b) => Number(a) - Number(b)).map((precio) => ({ precio }));
        expect(blocksOrdered('I', ascending)).toBe(true);
        expect(blocksOrdered('R', [...ascending].reverse())).toBe(true);
        const distinct = new Set(prices.map(Number)).size;
        expect(blocksOrdered('I', [...ascending].reverse())).toBe(distinct === 1);
      }),
    );
  });
});
