import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file naming the process that has a PGlite directory open. */
const LOCK_FILE = 'site-rest.pid';

/** Whether process `pid` is running; this very process counts as not, since a lock of its own pid is left from a killed run (a container restarts with the same pid). */
function running(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks `dataDir` (created when absent) as open by this process, refusing it while another
 * running process has it: PGlite keeps no lock of its own, and two processes writing one
 * directory corrupt it. A mark left by a process that was killed is taken over. Answers the
 * release, which removes the mark.
 */
export function lockDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 1; ; attempt += 1) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 1) throw error;
    }
    const holder = Number(readFileSync(path, 'utf8').trim());
    if (running(holder)) throw new Error(`${dataDir} is in use by process ${holder}: one process at a time may open a PGlite directory`);
    rmSync(path, { force: true });
  }
}
