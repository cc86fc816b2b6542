/**
 * A sweep worker process (started by bench/sweep.ts): receives `{ file }` messages, answers each with the file's
 * report. Loads the rules and transforms once.
 */
import { FileChecker, type FileReport } from "./sweep-core.ts";

export type WorkerRequest = { file: string };
export type WorkerResponse = { report: FileReport } | { ready: true; transforms: string[] };

const send = (message: WorkerResponse) => process.send?.(message);

FileChecker.create().then((checker) => {
  process.on("message", (request: WorkerRequest) => {
    send({ report: checker.check(request.file) });
  });
  send({ ready: true, transforms: checker.transforms.map((transform) => transform.name) });
});
