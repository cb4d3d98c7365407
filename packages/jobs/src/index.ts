export { EMAIL_RETRY_QUEUE, JobRunner, WEBHOOK_QUEUE, type JobRunnerOptions } from './job-runner.ts';
export { generationQueues, queueName, DEAD_LETTER_QUEUE, RECOVERY, failureBackoffMs, type QueuePolicy } from './generation-queues.ts';
