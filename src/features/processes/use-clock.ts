import { useEffect, useState } from 'react';

/**
 * A clock that ticks every `ms` while `running`: the monitor reads the run again on each tick
 * and the hub's elapsed times move with it. Stops when the run ended (nothing changes then).
 */
export function useClock(running: boolean, ms = 1000): { tick: number; now: number } {
  const [clock, setClock] = useState(() => ({ tick: 0, now: Date.now() }));
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setClock((previous) => ({ tick: previous.tick + 1, now: Date.now() })), ms);
    return () => clearInterval(timer);
  }, [running, ms]);
  return clock;
}
