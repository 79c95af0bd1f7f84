/**
 * The top self-time entries of a V8 .cpuprofile (node --cpu-prof), by function and location:
 * what the flame graph's widest leaves are, as text for a note. The second column is the share
 * of the time the process was busy (not idle), which is what a saturated server spends.
 * Run: npx tsx bench/profile-summary.ts <file.cpuprofile> [how many, 25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [count]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<string, number>();
let total = 0;
for (const [i, id] of profile.samples.entries()) {
  const delta = profile.timeDeltas[i] ?? 0;
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const where = frame.url
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(apps|packages)\//, '$1/');
  const key = `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`;
  selfUs.set(key, (selfUs.get(key) ?? 0) + delta);
  total += delta;
}
const rows = [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(top));
const IDLE = '(idle)  :0';
const busy = total - (selfUs.get(IDLE) ?? 0);
const share = (us: number, of: number) => `${((us / of) * 100).toFixed(1).padStart(5)}%`;
process.stdout.write(
  `total ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy\n`,
);
process.stdout.write('  all   busy\n');
for (const [key, us] of rows) {
  const ofBusy = key === IDLE ? '      ' : share(us, busy);
  process.stdout.write(`${share(us, total)} ${ofBusy}  ${key}\n`);
}
