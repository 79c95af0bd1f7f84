import { readdirSync, readFileSync } from 'node:fs';

/** A process and all its descendants (Linux /proc), those that ended meanwhile left out. */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    } catch {
      continue; // the thread ended meanwhile
    }
    for (const child of children ? children.split(' ') : []) {
      try {
        pids.push(...processTree(Number(child)));
      } catch {
        // the child ended meanwhile
      }
    }
  }
  return pids;
}

/** One figure of /proc/<pid>/<file> in MB ("VmRSS:" of status, "Pss:" of smaps_rollup). */
function figureMb(pid: number, file: string, field: string): number {
  try {
    const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // ended meanwhile
  }
}

/**
 * Resident memory in MB of a process and all its descendants: a server's PDF readers are
 * processes of their own, and what they hold is the server's too. Pages the processes share
 * (node's own code) count once per process: an upper bound.
 */
export function treeRssMb(pid: number): number {
  return processTree(pid).reduce((mb, p) => mb + figureMb(p, 'status', 'VmRSS'), 0);
}

/** The same tree's proportional set size: shared pages divided among those sharing them. */
export function treePssMb(pid: number): number {
  return processTree(pid).reduce((mb, p) => mb + figureMb(p, 'smaps_rollup', 'Pss'), 0);
}

/** Samples a process tree's memory every `everyMs` until stopped; answers the peak in MB. */
export function peakTreeRss(pid: number, everyMs = 10) {
  let peak = treeRssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, treeRssMb(pid));
    } catch {
      // the process ended
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    return peak;
  };
}
