/**
 * A sweep worker process (started by bench/sweep.ts): receives `{ file }` messages, answers each with the file's
 * report, and says which stage it is in as it goes (so a crash or a hang can be pinned on a rule or a transform).
 * Loads the rules and transforms once.
 */
import { FileChecker, type FileReport } from "./sweep-core.ts";

export type WorkerRequest = { file: string };
export type WorkerResponse = { report: FileReport } | { ready: true; transforms: string[] } | { stage: string };

const send = (message: WorkerResponse) => process.send?.(message);

FileChecker.create({ onStage: (stage) => send({ stage }) }).then((checker) => {
  process.on("message", (request: WorkerRequest) => {
    send({ report: checker.check(request.file) });
  });
  send({ ready: true, transforms: checker.transforms.map((transform) => transform.name) });
});
