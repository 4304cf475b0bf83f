import { and, eq, isNull, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';
import { mailOutbox } from './mail.table.ts';
import { z } from 'zod';
import { defineJob, type JobHandle, type JobRunner } from './jobs/runner.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * A credential inside `text` (a reset or confirmation token): scrubbed from
   * the outbox row once SMTP delivered the mail, never logged (issue 9 item 3).
   */
  secret?: string;
}

const SCRUBBED = '[enlace retirado / link removed]';

/** The job that delivers one outbox row through SMTP (issue 12): retried with backoff, then listed as failed. */
export const MAIL_DELIVER_JOB = 'mail.deliver';
const mailDeliver = defineJob(MAIL_DELIVER_JOB, z.object({ outboxId: z.uuid() }));

/**
 * Sends mail through SMTP_URL (nodemailer). Every mail is first written to
 * `mail_outbox`; without SMTP_URL that row and a log line are the delivery
 * (development and tests read the outbox). With SMTP_URL the row is delivered
 * by the `mail.deliver` job (lib/jobs): a refused or unreachable server is
 * retried MAIL_RETRY_LIMIT times (5, over about half an hour, by default), and
 * the mail then shows among the failed jobs, its row keeping the last error.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly db: Db;
  private readonly config: Config;
  private readonly log: FastifyBaseLogger;
  private readonly jobs: JobRunner | null;
  private readonly delivery: JobHandle<{ outboxId: string }> | null;

  /**
   * `jobs`: the app's runner, on which the mailer defines its delivery job when
   * SMTP is set (without one, or while jobs do not run, a mail is delivered at once).
   * `transport` replaces SMTP_URL (nodemailer's JSON transport, for tests).
   */
  constructor(
    db: Db,
    config: Config,
    log: FastifyBaseLogger,
    options: { jobs?: JobRunner; transport?: Transporter } = {},
  ) {
    this.db = db;
    this.config = config;
    this.log = log;
    this.transport = options.transport ?? (config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null);
    this.jobs = this.transport ? (options.jobs ?? null) : null;
    this.delivery =
      this.jobs?.define(mailDeliver, {
        retryLimit: config.MAIL_RETRY_LIMIT,
        retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
        handler: ({ outboxId }) => this.deliver(outboxId),
      }) ?? null;
  }

  /**
   * Writes the mail to the outbox, then has it delivered through SMTP when set
   * (queued as a job, or at once without a job runner). Without SMTP the outbox
   * row is the delivery (development), so its link stays readable there; with
   * SMTP, a `secret` is scrubbed from the row once sent.
   */
  async send(mail: Mail): Promise<void> {
    const { secret, ...message } = mail;
    // The row and its delivery job in one transaction: a job never names a row that is not there, nor the reverse.
    const queued = this.delivery && this.jobs?.running ? this.delivery : null;
    const outboxId = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ ...message, scrub: this.transport && secret ? secret : null })
        .returning({ id: mailOutbox.id });
      if (queued) await queued.send(tx, { outboxId: row!.id });
      return row!.id;
    });
    // No address or subject in the log: the outbox row id is enough to find the mail (no personal data in logs).
    if (!this.transport) return void this.log.info({ outboxId }, 'mail written to outbox (no SMTP_URL)');
    if (!queued) await this.deliver(outboxId).catch(() => undefined);
  }

  /**
   * Delivers one outbox row through SMTP, unless it was already sent. On
   * success: `sent_at`, the secret scrubbed from `text`. On failure: the error
   * and the attempt recorded on the row, and the error thrown again (the job
   * retries it).
   */
  async deliver(outboxId: string): Promise<void> {
    if (!this.transport) return;
    const [row] = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, outboxId), isNull(mailOutbox.sentAt)));
    if (!row) return;
    try {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, to: row.to, subject: row.subject, text: row.text });
    } catch (err) {
      this.log.error({ code: (err as { code?: string }).code, outboxId }, 'mail could not be sent');
      await this.db
        .update(mailOutbox)
        .set({ error: String(err), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, outboxId));
      // The job (and the failed-jobs list administrators read) gets the server's reply code, not its text: a
      // refusal's text often repeats the recipient's address. The whole error stays on the outbox row.
      const { responseCode, code } = err as { responseCode?: number; code?: string };
      throw new Error(`SMTP ${responseCode ?? code ?? 'error'}`);
    }
    const text = row.scrub ? row.text.split(row.scrub).join(SCRUBBED) : row.text;
    await this.db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, text, scrub: null, error: null, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, outboxId));
  }
}
