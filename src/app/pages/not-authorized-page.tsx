import { MessagePage } from './message-page';

/** Shown instead of a page whose permission the user lacks (spec section 2). */
export function NotAuthorizedPage() {
  return <MessagePage keyPrefix="noAuthorized" />;
}
