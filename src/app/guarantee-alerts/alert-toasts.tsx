import { useEffect, useState } from 'react';
import { addDays, businessToday } from '../../../schemas/date.schema';
import { alertText } from './alerts-list';
import { listAlerts } from '../../features/guarantees/guarantees-api';
import { useRequest } from '../../lib/api/use-request';
import { notify } from '../notifications';
import { useSession } from '../session/use-session';

/** How often the alerts are asked for: the snapshot that raises them runs every hour. */
const POLL_MS = 5 * 60_000;
/** The most alerts toasted one by one at once; more are summed up in one more toast. */
const TOASTS_AT_ONCE = 3;

const seenKey = (email: string) => `energy.guaranteeAlerts.seen.${email}`;

/** The newest alert id the user was shown a toast of (0: none yet). */
function lastSeen(email: string): number {
  const stored = Number(window.localStorage.getItem(seenKey(email)) ?? '0');
  return Number.isSafeInteger(stored) ? stored : 0;
}

/**
 * Toasts each guarantee alert when it appears to a user with the `monitoreo` key (issue 23):
 * the alerts of the last day asked for now and every few minutes, those newer than the last one
 * shown to this user (remembered in the browser) toasted once. Nothing for anyone else.
 */
function GuaranteeAlertToasts({ email }: { email: string }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((count) => count + 1), POLL_MS);
    return () => window.clearInterval(timer);
  }, []);
  useRequest(() => listAlerts({ desde: addDays(businessToday(), -1) }), {
    load: [tick, email],
    onSuccess: (alerts) => {
      const seen = lastSeen(email);
      const fresh = alerts.filter((alert) => alert.id > seen);
      if (fresh.length === 0) return;
      // Found by a poll, not asked for: they give way to what answers the user (notifications.ts).
      // Worded when they show: one may wait its turn through a language switch.
      for (const alert of fresh.slice(0, TOASTS_AT_ONCE)) notify({ type: 'warning', background: true, message: (t, format) => t('guarantees.alerts.toast', { text: alertText(alert, t, format) }) });
      const more = fresh.length - TOASTS_AT_ONCE;
      if (more > 0) notify({ type: 'warning', background: true, message: (t, format) => t('guarantees.alerts.more', { n: format.integer(more) }) });
      window.localStorage.setItem(seenKey(email), String(Math.max(...fresh.map((alert) => alert.id))));
    },
  });
  return null;
}

/** The alert toasts of the signed-in user, when they may see guarantees. */
export function GuaranteeAlerts() {
  const { user, permissions } = useSession();
  if (!user || !permissions?.includes('monitoreo')) return null;
  return <GuaranteeAlertToasts email={user.email} />;
}
