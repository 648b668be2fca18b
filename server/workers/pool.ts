import { Worker } from 'node:worker_threads';
import { ServiceRefusal } from '../services/refusal';

/** A thread's tasks: name → a function of structured-cloneable arguments to a cloneable result. */
export type TaskMap = Record<string, (...args: never[]) => unknown>;

/** What a thread is sent, and what it answers (server/workers/threadTasks.ts). */
export interface TaskMessage {
  id: number;
  task: string;
  args: unknown[];
}
export type TaskAnswer = { id: number; result: unknown } | { id: number; error: { message: string; stack?: string } };

interface Job {
  task: string;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  id: number;
}

export interface PoolOptions {
  /** The thread's entry (an ES module file). */
  entry: URL;
  /** Threads at most (started when first needed). */
  size: number;
  /** Tasks that may wait for a thread; past it, a 429 `{ error }` saying the server is busy. */
  queued: number;
  /** The refusal's sentence when the queue is full. */
  busyMessage: string;
}

/**
 * A small pool of worker threads running one task at a time each, with a bounded queue: CPU work
 * (parsing an upload) leaves the HTTP event loop, and a flood of it waits or is refused instead
 * of piling up. Threads start when first needed and are unreferenced while idle, so a script that
 * parsed something still exits; a thread that dies fails its task and is replaced on the next.
 */
export class WorkerPool<Tasks extends TaskMap> {
  private readonly threads: Thread[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Tasks the threads have answered so far. */
  tasksDone = 0;

  constructor(private readonly options: PoolOptions) {}

  /** Runs a task on a thread; its result arrives as a structured clone. */
  run<K extends keyof Tasks & string>(task: K, ...args: Parameters<Tasks[K]>): Promise<Awaited<ReturnType<Tasks[K]>>> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = { task, args, resolve: resolve as (value: unknown) => void, reject };
      const idle = this.threads.find((t) => t.job === null) ?? (this.threads.length < this.options.size ? this.start() : undefined);
      if (idle) return this.give(idle, job);
      if (this.waiting.length >= this.options.queued) return reject(new ServiceRefusal('too many', this.options.busyMessage));
      this.waiting.push(job);
    });
  }

  /** Ends every thread; tasks still queued or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    const gone = new Error('The worker pool is closed');
    for (const job of this.waiting.splice(0)) job.reject(gone);
    await Promise.all(this.threads.splice(0).map((t) => (t.job?.reject(gone), t.worker.terminate())));
  }

  private start(): Thread {
    // No inherited execArgv: the entry loads what it needs itself (a TypeScript loader in
    // development, nothing in the bundle), whatever runs the main thread (tsx, vitest, plain node).
    const worker = new Worker(this.options.entry, { execArgv: [] });
    const thread: Thread = { worker, job: null, id: 0 };
    worker.unref();
    worker.on('message', (answer: TaskAnswer) => {
      const job = thread.job;
      if (!job || answer.id !== thread.id) return;
      thread.job = null;
      this.tasksDone++;
      if ('error' in answer) job.reject(Object.assign(new Error(answer.error.message), { stack: answer.error.stack }));
      else job.resolve(answer.result);
      this.next(thread);
    });
    const fail = (err: Error) => {
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads.splice(at, 1);
      thread.job?.reject(err);
      thread.job = null;
      // A waiting task gets a fresh thread.
      const job = this.waiting.shift();
      if (job && !this.closed) this.give(this.start(), job);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A worker thread exited (code ${code})`)));
    this.threads.push(thread);
    return thread;
  }

  private give(thread: Thread, job: Job): void {
    thread.job = job;
    thread.id = this.nextId++;
    // Referenced while it works: the process waits for the answer.
    thread.worker.ref();
    const message: TaskMessage = { id: thread.id, task: job.task, args: job.args };
    thread.worker.postMessage(message);
  }

  private next(thread: Thread): void {
    const job = this.waiting.shift();
    if (job) return this.give(thread, job);
    thread.worker.unref();
  }
}
