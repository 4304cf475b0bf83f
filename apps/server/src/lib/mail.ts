import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';
import { mailOutbox } from './mail.table.ts';

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

/**
 * Sends mail through SMTP_URL (nodemailer). Every mail is first written to
 * `mail_outbox`; without SMTP_URL that row and a log line are the delivery
 * (development and tests read the outbox).
 */
export class Mailer {
  private transport: Transporter | null;
  /** `transport` replaces SMTP_URL (nodemailer's own JSON or stream transports, for tests). */
  private db: Db;
  private config: Config;
  private log: FastifyBaseLogger;
  constructor(db: Db, config: Config, log: FastifyBaseLogger, transport?: Transporter) {
    this.db = db;
    this.config = config;
    this.log = log;
    this.transport = transport ?? (config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null);
  }

  /**
   * Writes the mail to the outbox, then delivers it through SMTP when set.
   * Without SMTP the outbox row is the delivery (development), so its link
   * stays readable there; with SMTP, a `secret` is scrubbed from the row once sent.
   */
  async send(mail: Mail): Promise<void> {
    const { secret, ...message } = mail;
    const [row] = await this.db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
    if (!this.transport) {
      this.log.info({ to: mail.to, subject: mail.subject, outboxId: row!.id }, 'mail written to outbox (no SMTP_URL)');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...message });
      const text = secret ? message.text.split(secret).join(SCRUBBED) : message.text;
      await this.db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, text })
        .where(eq(mailOutbox.id, row!.id));
    } catch (err) {
      this.log.error({ code: (err as { code?: string }).code, outboxId: row!.id }, 'mail could not be sent');
      await this.db
        .update(mailOutbox)
        .set({ error: String(err) })
        .where(eq(mailOutbox.id, row!.id));
    }
  }
}
