import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/**
 * A long write's progress as a stream of NDJSON lines (issue 25 section 7, "Spreadsheet import … Progress"): a
 * client that sends `Accept: application/x-ndjson` gets, once every check that can refuse the call has passed,
 * a 200 whose body is one JSON object per line: `progress` lines as the work goes, then exactly one last line,
 * `result` (what the JSON answer's `data` would have been) or `problem` (what the problem+json answer would have
 * been, had the failure come before the stream began; the transaction rolled back). A refusal before the stream
 * begins is the usual problem+json answer with its status.
 */

/** The media type of such a stream, asked for in `Accept` and answered in `content-type`. */
export const NDJSON_TYPE = 'application/x-ndjson';

/** RFC 9457 problem details as the server's error handler writes them (`Problem` in errors.ts). */
export const problemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z
    .array(z.object({ field: z.string(), code: z.string(), params: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
});

/** `done` of `total` items of `phase` written so far (in the transaction: nothing is committed before the end). */
export const progressLine = <P extends string>(phase: P) =>
  z.object({
    type: z.literal('progress'),
    phase: z.literal(phase),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
  });

/** The last line of a stream that failed after it began: the problem, nothing written. */
export const problemLine = z.object({ type: z.literal('problem'), problem: problemDetails });

/** The lines of a progress stream whose `result` carries `data` and whose progress is of `phase`. */
export function progressStreamLine<T extends z.ZodType, P extends string>(data: T, phase: P) {
  return z.discriminatedUnion('type', [
    progressLine(phase),
    z.object({ type: z.literal('result'), data }),
    problemLine,
  ]);
}

/** One line of a progress stream, as the web reads it (any phase, `data` as the caller types it). */
export type ProgressStreamLine<T> =
  | { type: 'progress'; phase: string; done: number; total: number }
  | { type: 'result'; data: T }
  | z.infer<typeof problemLine>;
