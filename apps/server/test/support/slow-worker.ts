// A worker process as main.ts starts one (ROLE=worker from the environment), whose avatar step takes
// SLOW_STEP_MS longer: for the shutdown tests. It prints `slow step started` when a job reaches the step.
import { startServer } from '../../src/start.ts';

const delayMs = Number(process.env['SLOW_STEP_MS'] ?? 0);

await startServer({
  prepare: async (core) => {
    const avatars = core.engine.avatars;
    // The job runner reads the engine from these same deps when a job runs.
    core.engine = {
      ...core.engine,
      avatars: {
        generate: async (request) => {
          process.stdout.write(`slow step started\n`);
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          return avatars.generate(request);
        },
      },
    };
  },
});
