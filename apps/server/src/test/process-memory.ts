import { readdirSync, readFileSync } from 'node:fs';

/**
 * Resident memory in MB of a process and all its descendants (Linux /proc): a server's PDF
 * readers are processes of their own, and what they hold is the server's too.
 */
export function treeRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  let mb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    } catch {
      continue; // the thread ended meanwhile
    }
    for (const child of children ? children.split(' ') : []) {
      try {
        mb += treeRssMb(Number(child));
      } catch {
        // the child ended meanwhile
      }
    }
  }
  return mb;
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
