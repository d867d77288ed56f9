// Renaming a file or changing its type; its content never changes.
import type { FileUpdateBody, StoredFile } from '../../schemas/file.schema';
import { useCase } from '../kit/use-case';
import { sanitiseFileName } from './names';
import * as store from './store';

/** PATCH /update. */
export const updateFile = useCase<FileUpdateBody, StoredFile>({
  audit: { action: 'file.update', entity: 'file' },
  async run(tx, { user }, { key, version, nombre, tipo }) {
    const before = await store.lockFile(tx, key, version);
    const changes = {
      ...(nombre === undefined ? {} : { nombre: sanitiseFileName(nombre, before.tipo_mime) }),
      ...(tipo === undefined ? {} : { tipo: await store.resolveFileType(tx, tipo) }),
    };
    return { id: key, before, after: await store.updateFile(tx, key, changes, user.email) };
  },
});
