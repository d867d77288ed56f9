// Creating a user with a pending built-in identity: the first sign-in answers
// NEW_PASSWORD_REQUIRED. The hosted service's accounts are made there (its admin API needs AWS
// credentials this product does not hold); pretending here would leave a user who can never sign in.
import type { UserCreate } from '../../schemas/user.schema';
import { AppErrors } from '../errors/catalogue';
import { createIdentity, findIdentity, usernameOf } from '../idp/identities';
import { useCase } from '../kit/use-case';
import { assertRoleFits, newUserValues, type IdentityOptions } from './rules';
import * as store from './store';

const duplicateEmail = () => new AppErrors.userDuplicateEmail();

/** POST /create-user, for the identity service of `identity`. */
export const createUser = ({ builtinIdentity, poolId }: IdentityOptions) =>
  useCase<UserCreate, store.UserWire>({
    audit: { action: 'user.create', entity: 'user' },
    status: 201,
    // The same e-mail created twice at once: the unique index refuses the second.
    refusals: { unique: duplicateEmail },
    async run(tx, { user }, { password, ...fields }) {
      if (!builtinIdentity) throw new AppErrors.userHostedIdentity();
      const email = usernameOf(fields.email);
      await assertRoleFits(tx, fields.rol_id, fields.pais);
      // An identity without an app user (left by hand, or by another product) is still taken.
      if (await findIdentity(tx, email)) throw duplicateEmail();
      const after = await store.insertUser(tx, newUserValues(fields, email), user.email);
      await createIdentity(tx, { email, password, givenName: after.nombre, familyName: after.primer_apellido, status: 'FORCE_CHANGE_PASSWORD', poolId });
      return { id: after.id, before: null, after };
    },
  });
