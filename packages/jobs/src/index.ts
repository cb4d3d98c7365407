export { JobRunner, type JobRunnerOptions } from './job-runner.ts';
export { generationQueues, queueName, DEAD_LETTER_QUEUE } from './generation-queues.ts';
