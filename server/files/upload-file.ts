// Storing an uploaded file under a new key, its type checked from its content (./store.ts).
import type { StoredFile } from '../../schemas/file.schema';
import { useCase } from '../kit/use-case';
import * as store from './store';
import type { Upload } from './upload';

/** POST /once-file-updload. */
export const uploadFile = useCase<Upload, StoredFile>({
  audit: { action: 'file.create', entity: 'file' },
  status: 201,
  async run(tx, { user }, { content, originalName, tipoField }) {
    const tipo = await store.resolveFileType(tx, tipoField);
    const after = await store.storeFile(tx, { content, originalName, tipo, createdBy: user.email });
    return { id: after.key, before: null, after };
  },
});
