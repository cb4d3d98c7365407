import { startServer } from './start.ts';

startServer().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
