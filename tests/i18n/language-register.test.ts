// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import esES from '../../i18n/es-ES.json';
import enUS from '../../i18n/en-US.json';
import { SRC, sourceFiles } from './source-files';

/** Every leaf of a nested translation object as `[dotted.key, text]`. */
function leaves(node: unknown, prefix = ''): Array<[string, string]> {
  if (node !== null && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, String(node)]];
}

const spanish = leaves(esES);
const english = leaves(enUS);

/** Words of this product's Spanish screens that an English reader would not understand. */
const SPANISH_WORDS = [
  'margen', 'precio', 'precios', 'fijo', 'energia', 'energía', 'potencia', 'contrato', 'contratos', 'empresa',
  'empresas', 'anexo', 'anexos', 'liquidación', 'liquidacion', 'liquidaciones', 'factura', 'facturación',
  'facturacion', 'usuario', 'usuarios', 'contraseña', 'sucursal', 'cargos', 'bitácoras', 'bitacoras', 'ofertas',
  'registra', 'supresión', 'desempeño', 'inicio', 'correo', 'cerrar', 'sesión', 'guardar', 'cancelar', 'editar',
  'eliminar', 'nuevo', 'nueva', 'fecha', 'plazo', 'tipo', 'clase', 'monto', 'garantía', 'garantia', 'días',
  'crédito', 'moneda', 'titular', 'derecho', 'peaje', 'participación', 'país', 'cuenta', 'firmante', 'vistas',
  'ingrese', 'seleccione', 'debe', 'del', 'los', 'las', 'una', 'para', 'con',
];
/** Spanish-written words English keeps: domain terms of the spec's own English and a language's own name. */
const ENGLISH_KEEPS = ['Español', 'cédula'];

/** Texts both languages write alike: codes, proper names, and words English shares with Spanish. */
const SAME_IN_BOTH = new Set([
  'Español', 'English', 'Dashboard', 'ERCOT', 'Roles', '?', 'Guatemala', 'El Salvador', 'Honduras', 'Nicaragua',
  'Costa Rica', 'Id', 'No', 'Local', 'Regional', 'Local / regional', 'Incoterm', 'POC', 'Fee', 'Flexible', 'Spot',
  'Legal', '0-100', 'Fee ($/MWh)', 'POC ($/MWh)', 'SWIFT/BIC', 'ABA', 'DPI', 'DUI', 'INE',
  'Total', 'Subtotal', 'MWh', 'USD/MWh', 'Hub (HU)', 'Final (DF)', 'ercot-{{page}}-{{from}}-{{to}}', 'CMORC', 'CMORC (USD)', 'Fee (USD)', '{{value}} MWh', 'MER', 'AMM', 'PM', 'OS/OM', 'ACL', 'EAL',
]);

/**
 * The usted register, addressed to the reader: formal imperatives and subjunctives, "usted",
 * "su <the reader's own thing>", "(ya) puede". The Spanish screens use tú throughout, as the
 * spec's own Spanish does ("No tienes autorización", "Ponte en contacto…").
 */
const FORMAL_REGISTER = [
  /\busted(es)?\b/i,
  /(?<![\p{L}])(ingrese|seleccione|introduzca|escriba|elija|pulse|haga|verifique|compruebe|intente|complete|limpie|cree|elimine|añada|agregue|suba|espere|revise|vuelva|contacte|póngase|asegúrese|indique|solicite|borre|quite|guarde|cambie|confirme|inicie|acceda|utilice|necesite|desee|quiera)(?![\p{L}])/iu,
  /\bdebe (subir|introducir|ingresar|seleccionar|escribir|elegir|indicar|completar|cambiar)\b/i,
  /\bsu (contraseña|sesión|correo)/i,
  /(^|[.:;!?¡¿]\s*|\bya\s+)puede\b/i,
];

describe('the English texts', () => {
  it('contain no Spanish word of the product (field names included)', () => {
    const spanishWord = new RegExp(`(?<![\\p{L}])(${SPANISH_WORDS.join('|')})(?![\\p{L}])`, 'iu');
    const offending = english.filter(([, text]) => spanishWord.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(offending).toEqual([]);
  });

  it('use no Spanish letter (accents, ñ, ¿ ¡) beyond the few words English keeps', () => {
    const offending = english
      .filter(([, text]) => /[áéíóúüñ¿¡]/i.test(ENGLISH_KEEPS.reduce((rest, word) => rest.replaceAll(word, ''), text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offending).toEqual([]);
  });

  it('repeat the Spanish text only where both languages write it alike', () => {
    const spanishByKey = new Map(spanish);
    const copied = english
      .filter(([key, text]) => spanishByKey.get(key) === text)
      // A text of placeholders and signs alone has no language.
      .filter(([, text]) => /\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, '')))
      .filter(([, text]) => !SAME_IN_BOTH.has(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(copied).toEqual([]);
  });
});

describe('the Spanish texts', () => {
  it('address the user as tú throughout, never in the usted register', () => {
    const formal = spanish
      .filter(([, text]) => FORMAL_REGISTER.some((pattern) => pattern.test(text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(formal).toEqual([]);
  });

  it('the register check does catch the usted forms it lists, and leaves third persons alone', () => {
    const isFormal = (text: string) => FORMAL_REGISTER.some((pattern) => pattern.test(text));
    for (const text of ['Ingrese el plazo', 'Seleccione el Incoterm', 'Debe subir un archivo', 'Verifique su contraseña', 'Puede cerrar esta ventana.', 'Escriba un código y pulse Intro']) {
      expect(isFormal(text), text).toBe(true);
    }
    for (const text of ['Escribe un código y pulsa Intro', '{{name}} no podrá iniciar sesión y sus sesiones abiertas se cerrarán.', 'No se puede deshacer.', 'Ya puedes ajustar sus vistas:', 'Debe tener al menos 8 caracteres.']) {
      expect(isFormal(text), text).toBe(false);
    }
  });
});

describe('texts of the lists', () => {

  it('come from the translations: no column header or CSV file name is written in one language in the code', () => {
    const fixed = sourceFiles(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/(csvFileName=["']|headerName: ')([^"']+)/g)].map((match) => `${path.relative(SRC, file)}: ${match[0]}`);
    });
    expect(fixed).toEqual([]);
  });
});
