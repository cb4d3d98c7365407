// A worker process as main.ts starts one (ROLE=worker from the environment), whose avatar step takes
// SLOW_STEP_MS longer: for the shutdown tests. It prints `slow step started` when a job reaches the step.
// With SLOW_STEP_MATCH, only avatars whose description holds those words are slow (the others as usual).
import { startServer } from '../../src/start.ts';

const delayMs = Number(process.env['SLOW_STEP_MS'] ?? 0);
const onlyMatching = process.env['SLOW_STEP_MATCH'];

await startServer({
  prepare: async (core) => {
    const avatars = core.engine.avatars;
    // The job runner reads the engine from these same deps when a job runs.
    core.engine = {
      ...core.engine,
      avatars: {
        generate: async (request) => {
          if (onlyMatching && !request.description.includes(onlyMatching)) return avatars.generate(request);
          process.stdout.write(`slow step started\n`);
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          return avatars.generate(request);
        },
        ...(avatars.drawSideFrames ? { drawSideFrames: avatars.drawSideFrames.bind(avatars) } : {}),
      },
    };
  },
});
