import { MessagePage } from './message-page';

/** Shown for an address inside the shell that matches no page. */
export function NotFoundPage() {
  return <MessagePage keyPrefix="notFound" />;
}
