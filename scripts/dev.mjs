import { spawn } from 'node:child_process';

// The API in watch mode on :3000 and Vite on :5173 proxying /api to it; Ctrl-C stops both.
const children = [
  spawn('npm', ['run', 'dev', '-w', '@grasp/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@grasp/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
