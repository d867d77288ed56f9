// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changedFields, type AuditReader } from '../../src/features/admin/audit-diff';
import { wordsOf } from '../../src/features/admin/audit-words';
import { formattersFor } from '../../src/lib/format/use-format';
import { translate } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';

const readerIn = (locale: Locale): AuditReader => ({ t: (key, params) => translate(key, params, locale), format: formattersFor(locale) });
const spanish = readerIn('es-ES');

describe('audit diff', () => {
  it('lists only the fields that read differently, without the bookkeeping stamps', () => {
    const rows = changedFields(
      { nombre: 'Ana', permisos_x_view: ['admin'], version: 1, updated_at: '2025-01-01T00:00:00Z', updated_by: 'a@x' },
      { nombre: 'Ana', permisos_x_view: ['admin', 'dashboard'], version: 2, updated_at: '2025-02-01T00:00:00Z', updated_by: 'b@x' },
      wordsOf('user'),
      spanish,
    );
    expect(rows).toEqual([{ path: 'permisos_x_view', label: 'Vistas', before: 'Administración', after: 'Administración, Dashboard' }]);
  });

  it('shows a reference by the name beside it, and the id when no name came with it', () => {
    const rows = changedFields({ rol_id: 2, rol_nombre: 'Analista GT' }, { rol_id: 3, rol_nombre: null }, wordsOf('user'), spanish);
    expect(rows).toEqual([{ path: 'rol_id', label: 'Rol', before: 'Analista GT', after: '3' }]);
  });

  it('describes a removed record of a list on its before side, and matches records without ids by position', () => {
    const signer = (nombre: string, cargo: string) => ({ nombre, cargo, email: `${nombre}@x.test` });
    const rows = changedFields(
      { firmantes: [signer('Ana', 'Gerente'), signer('Luis', 'Director')] },
      { firmantes: [signer('Ana', 'Gerente')] },
      wordsOf('contract'),
      spanish,
    );
    expect(rows).toEqual([{ path: 'firmantes.at1', label: 'Firmantes autorizados › Luis', before: 'Cargo: Director\nCorreo electrónico: Luis@x.test', after: '—' }]);
  });

  it('reads timestamps in the reader’s format, and an entity it does not know by the fields’ keys', () => {
    const rows = changedFields({ vence: '2025-03-04T05:06:07Z' }, { vence: null }, wordsOf('nuevo'), readerIn('en-US'));
    expect(rows).toEqual([{ path: 'vence', label: 'vence', before: expect.stringMatching(/^\d{2}\/0[34]\/2025 \d{2}:\d{2}$/), after: '—' }]);
  });

  it('says nothing changed when only the bookkeeping did', () => {
    expect(changedFields({ estado: 'active', version: 1 }, { estado: 'active', version: 2 }, wordsOf('user'), spanish)).toEqual([]);
  });
});
