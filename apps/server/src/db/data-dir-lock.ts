import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

/**
 * One process at a time on an embedded (PGlite) database folder (issue 9 item
 * 8). PGlite is a single-user PostgreSQL: a second process opening the same
 * folder works on its own copy in memory and the two overwrite each other's
 * files, so `npm run seed:demo` beside a running server "succeeds" and its
 * rows vanish. The owner writes a lock file with its pid; a second process
 * reads it and refuses, naming the owner. A lock whose pid is no longer alive
 * on this host (a killed process) is stale and taken over.
 */

/** What the lock file holds. */
export interface LockOwner {
  pid: number;
  /** What the process is (`server`, `seed:demo`, `db:migrate`, ...). */
  what: string;
  host: string;
  since: string;
}

export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly owner: LockOwner;
  constructor(lockFile: string, owner: LockOwner) {
    super(
      `The embedded database in ${resolve(lockFile, '..')} is in use by process ${owner.pid} (${owner.what}, on ${owner.host} since ${owner.since}). ` +
        "Two processes on one PGlite folder overwrite each other's data: stop that process first, or use PostgreSQL (DATABASE_URL) to run several. " +
        `If process ${owner.pid} is not Amparo, delete ${lockFile}.`,
    );
    this.lockFile = lockFile;
    this.owner = owner;
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  file: string;
  /** Removes the lock file if it is still this holder's (idempotent). */
  release(): void;
}

/** Whether a process with this pid runs on this host (EPERM: it exists but is someone else's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null; // gone meanwhile, or half-written by a process killed while writing it
  }
}

/**
 * Takes the lock file `file` for this process, described as `what`. Throws
 * DataDirLockedError when a live process holds it (this one included: two
 * PGlite instances in one process corrupt the folder too). A lock whose pid
 * is dead on this host, or which cannot be read, is stale and taken over; a
 * lock written on another host (a shared folder) is always refused, since its
 * pid cannot be checked from here. The lock is released by `release()` and,
 * failing that, when the process exits (a SIGKILL leaves it: stale next time).
 */
export function acquireDataDirLock(file: string, what: string): DataDirLock {
  const me: LockOwner = { pid: process.pid, what, host: hostname(), since: new Date().toISOString() };
  const content = JSON.stringify(me);
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx'); // O_CREAT | O_EXCL: exactly one creator wins
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      // A pid of another host (a shared folder) cannot be checked from here: refused as live.
      if (owner && (owner.host !== me.host || alive(owner.pid))) throw new DataDirLockedError(file, owner);
      // Stale (dead pid or unreadable): remove it if it is still the one we read, then try again.
      const again = readOwner(file);
      if (JSON.stringify(again) === JSON.stringify(owner)) {
        try {
          unlinkSync(file);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        }
      }
      continue;
    }
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      // Only our own lock: never a later holder's after a takeover.
      if (readOwner(file)?.pid === me.pid && readOwner(file)?.since === me.since) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      }
    };
    process.on('exit', release);
    return { file, release };
  }
  throw new Error(`could not take the database lock ${file}`);
}
