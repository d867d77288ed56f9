// The CPU time a process has used, read from Linux's /proc (the benches run there): what a
// server costs per request varies far less from run to run than its requests per second, since
// the load generator sharing the machine slows the server's clock, not its work.
import { readdirSync, readFileSync } from 'node:fs';

/** /proc/<pid>/stat counts in clock ticks: USER_HZ, 100 on Linux whatever the kernel's HZ. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time so far (user + system, every thread) of `pid` and the processes it started (SERVER_PROCESSES), in ms. */
export function cpuMs(pid: number): number {
  const stats = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        // After "pid (comm) ": state, parent, ...; utime and stime are the 12th and 13th.
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return [{ pid: Number(entry), parent: Number(fields[1]), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND }];
      } catch {
        return []; // gone meanwhile
      }
    });
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of stats) {
      if (tree.has(stat.parent) && !tree.has(stat.pid)) {
        tree.add(stat.pid);
        grew = true;
      }
    }
  }
  return stats.filter((stat) => tree.has(stat.pid)).reduce((sum, stat) => sum + stat.ms, 0);
}
