// Editing a user; the identity's names travel in the id token, so they are kept in step.
import type { UserUpdate } from '../../schemas/user.schema';
import { setIdentityNames } from '../idp/identities';
import { useCase } from '../kit/use-case';
import { assertRoleFits, userChanges, type IdentityOptions } from './rules';
import * as store from './store';

/** PATCH /user/:id, for the identity service of `identity`. */
export const updateUser = ({ builtinIdentity }: Pick<IdentityOptions, 'builtinIdentity'>) =>
  useCase<{ id: number } & UserUpdate, store.UserWire>({
    audit: { action: 'user.update', entity: 'user' },
    async run(tx, { user }, { id, version, ...changes }) {
      const before = await store.lockUser(tx, store.userById(id), version);
      await assertRoleFits(tx, changes.rol_id ?? before.rol_id, changes.pais ?? before.pais);
      const after = await store.updateUser(tx, id, userChanges(changes), user.email);
      if (builtinIdentity && (changes.nombre !== undefined || changes.primer_apellido !== undefined)) {
        await setIdentityNames(tx, after.email, { givenName: after.nombre, familyName: after.primer_apellido });
      }
      return { id, before, after };
    },
  });
