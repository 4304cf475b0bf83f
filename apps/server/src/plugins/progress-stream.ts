import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NDJSON_TYPE, type ProgressStreamLine } from '@amparo/shared/ndjson';
import { problemAnswer, problemBody } from './errors.ts';

/**
 * A long write's progress answered as NDJSON (issue 25 section 7, "Spreadsheet import … Progress";
 * the lines: `@amparo/shared/ndjson`). A route offers it when the request's `Accept` names
 * `application/x-ndjson` (`acceptsNdjson`) and otherwise answers its usual JSON.
 */

/**
 * `done` of `total` written so far; the first call (done 0, once every check passed) begins the stream. The
 * work awaits it: it resolves on the event loop's next turn (`setImmediate`), so the line goes out (and a client
 * gone is noticed) even on PGlite, whose queries run in this process without the loop turning between them:
 * without the pause every line of an import went out together at its end.
 */
export type ReportProgress = (done: number, total: number) => Promise<void>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Whether the request asks for a progress stream: its `Accept` names `application/x-ndjson` (with a q above 0),
 * whatever else it names.
 */
export function acceptsNdjson(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '')
    .split(',')
    .some((range) => {
      const [type, ...params] = range.split(';').map((p) => p.trim().toLowerCase());
      if (type !== NDJSON_TYPE) return false;
      const q = params.find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/**
 * Runs `work` and answers it as a progress stream. Until `work` first calls its `report` (which it does once
 * every check that can refuse the call has passed, with done 0), nothing is sent: a failure before that is
 * thrown, so the error handler answers the usual problem+json with its status and headers. From the first
 * report on, the answer is a 200 `application/x-ndjson` (through `reply.send`, so the app's hooks still set
 * its headers: security headers, request id, `cache-control: no-store`) whose lines are
 * `{"type":"progress","phase":…,"done":n,"total":N}` per report, then `{"type":"result","data":…}` with what
 * `work` resolved, or `{"type":"problem","problem":{…}}` with the problem+json the error handler would have
 * answered for what it threw (its headers, such as Retry-After, cannot follow: they are sent already). A `work`
 * that resolves without reporting is answered as a stream of its result line alone.
 *
 * The lines are written without waiting for the client to read them (a few dozen short lines: a slow or gone
 * client never holds `work`, nor its transaction, open); each report only lets the event loop turn once. A
 * client that disconnects does not stop `work`: it runs to its end (committed, or rolled back on a failure) as
 * the JSON answer's would; its lines go nowhere.
 */
export async function sendProgressStream<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  phase: string,
  work: (report: ReportProgress) => Promise<T>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  const write = (line: ProgressStreamLine<T>, last = false) => {
    if (stream.destroyed || stream.writableEnded) return;
    const text = `${JSON.stringify(line)}\n`;
    if (last) stream.end(text);
    else stream.write(text);
  };
  let begin!: () => void;
  const begun = new Promise<void>((resolve) => (begin = resolve));
  const running = work((done, total) => {
    write({ type: 'progress', phase, done, total });
    begin();
    return nextTurn();
  });
  // Whichever comes first: the first report (the stream begins) or the end of `work` (a failure before the first
  // report rejects here, and the route answers problem+json). Both promises have a handler from here on.
  await Promise.race([begun, running]);
  running.then(
    (data) => write({ type: 'result', data }, true),
    (error: unknown) => {
      const { status, code, errors } = problemAnswer(error, request);
      write({ type: 'problem', problem: problemBody(request.url, status, code, errors) }, true);
    },
  );
  // Behind a proxy (nginx), each line as it is written rather than the whole answer at the end.
  reply.type(`${NDJSON_TYPE}; charset=utf-8`).header('x-accel-buffering', 'no');
  return reply.send(stream);
}
