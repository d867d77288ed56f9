// An administrator switches a user on or off (the user-status machine decides, server/users/status.ts).
import type { UserStatusChange } from '../../schemas/user.schema';
import { useCase } from '../kit/use-case';
import type { IdentityOptions } from './rules';
import { applyAdminStatusChange } from './status';
import * as store from './store';

/** POST /user/:id/status, for the identity service of `identity`. */
export const changeUserStatus = ({ builtinIdentity }: Pick<IdentityOptions, 'builtinIdentity'>) =>
  useCase<{ id: number } & UserStatusChange, store.UserWire>({
    audit: { action: 'user.status', entity: 'user' },
    async run(tx, { user }, { id, estado, version }) {
      const before = await store.lockUser(tx, store.userById(id), version);
      return { id, before, after: await applyAdminStatusChange(tx, user, before, estado, { builtinIdentity }) };
    },
  });
