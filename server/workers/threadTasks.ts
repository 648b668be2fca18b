import { parentPort } from 'node:worker_threads';
import type { TaskAnswer, TaskMap, TaskMessage } from './pool';

/** The thread's side of a WorkerPool: runs each task it is sent and answers its result or error. */
export function serveTasks(tasks: TaskMap): void {
  if (!parentPort) throw new Error('serveTasks runs in a worker thread');
  const port = parentPort;
  port.on('message', (message: TaskMessage) => {
    void (async () => {
      let answer: TaskAnswer;
      try {
        const task = tasks[message.task] as ((...args: unknown[]) => unknown) | undefined;
        if (!task) throw new Error(`No task "${message.task}" in this thread`);
        answer = { id: message.id, result: await task(...message.args) };
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        answer = { id: message.id, error: { message: error.message, ...(error.stack ? { stack: error.stack } : {}) } };
      }
      port.postMessage(answer);
    })();
  });
}
