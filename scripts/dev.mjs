// `npm run dev`: the API with restart-on-change on :3000 and Vite's hot-reloading web server on :5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@kujiya/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@kujiya/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  }),
);
