// Where the running product writes its log (one line per answered request, plus what goes
// wrong): pino's destination in its asynchronous mode. Each line is handed to the system as the
// event loop allows, lines written meanwhile together in one write; a synchronous write a line
// was about a tenth of a kept read's time under load (bench:api). The process flushes it before it
// ends (server/main.ts); a process killed outright may lose the lines of its last moment.
import pino from 'pino';

/** The product's log destination: standard output, or `dest` (a path or a file descriptor). */
export function productLogStream(dest: string | number = 1): pino.DestinationStream & { flushSync(): void } {
  return pino.destination({ dest, sync: false });
}
