import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../../../machines/session/session.machine';

/** The running session actor, provided by `SessionProvider`. */
export const SessionContext = createContext<ActorRefFrom<SessionMachine> | null>(null);
