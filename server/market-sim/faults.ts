// How the simulated site misbehaves on a call (docs/processes.md): latency with jitter, and by
// its configured rate a fault, before or (on a change) after the change was applied. The three
// faults are the three a client cannot tell apart from "was it applied?": a refusal (503), a
// time-out (the answer is held past the client's limit) and a dropped connection.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../schemas/market-site.schema';

type FaultKind = 'refuse' | 'timeout' | 'drop';

export interface Fault {
  kind: FaultKind;
  /** Whether the change is applied before the fault (the answer is lost, the change stays). */
  afterApplying: boolean;
}

/** The longest a time-out holds an answer: past any client's limit, and bounded. */
const HOLD_MS = 120_000;

/** Draws this call's fault, if any: `isChange` calls may fail after applying. */
export function drawFault(config: SiteConfig, isChange: boolean, random: () => number = Math.random): Fault | null {
  if (config.tasa_fallos <= 0 || random() >= config.tasa_fallos) return null;
  const afterApplying = isChange && random() < config.tasa_fallos_tras_aplicar;
  const pick = random();
  return { kind: pick < 1 / 3 ? 'refuse' : pick < 2 / 3 ? 'timeout' : 'drop', afterApplying };
}

/** The call's latency: `latencia_ms` give or take up to `jitter_ms`, never below 0. */
export function latencyOf(config: SiteConfig, random: () => number = Math.random): number {
  return Math.max(0, Math.round(config.latencia_ms + (random() * 2 - 1) * config.jitter_ms));
}

/** Waits `ms`, or less when `closing` aborts (the simulator shuts down). */
export function pause(ms: number, closing: AbortSignal): Promise<void> {
  if (ms <= 0 || closing.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      closing.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    closing.addEventListener('abort', done, { once: true });
  });
}

/** Plays `fault` as the call's answer. */
export async function playFault(fault: FaultKind, request: FastifyRequest, reply: FastifyReply, closing: AbortSignal): Promise<FastifyReply> {
  if (fault === 'refuse') return reply.code(503).send({ error: 'servicio_no_disponible' });
  const socket = request.raw.socket;
  if (fault === 'timeout') {
    // Held until the client gives up (it closes the connection), for HOLD_MS at most, or until
    // the simulator closes: then the connection is closed without an answer.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        socket.off('close', done);
        closing.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, HOLD_MS);
      socket.once('close', done);
      closing.addEventListener('abort', done, { once: true });
    });
  }
  reply.hijack();
  socket.destroy();
  return reply;
}
