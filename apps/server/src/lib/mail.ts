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
}

/**
 * Sends mail through SMTP_URL (nodemailer). Every mail is first written to
 * `mail_outbox`; without SMTP_URL that row and a log line are the delivery
 * (development and tests read the outbox).
 */
export class Mailer {
  private transport: Transporter | null;
  constructor(
    private db: Db,
    private config: Config,
    private log: FastifyBaseLogger,
  ) {
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  async send(mail: Mail): Promise<void> {
    const [row] = await this.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    if (!this.transport) {
      this.log.info({ to: mail.to, subject: mail.subject, outboxId: row!.id }, 'mail written to outbox (no SMTP_URL)');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
      await this.db.update(mailOutbox).set({ sentAt: sql`now()` }).where(eq(mailOutbox.id, row!.id));
    } catch (err) {
      this.log.error({ err, outboxId: row!.id }, 'mail could not be sent');
      await this.db.update(mailOutbox).set({ error: String(err) }).where(eq(mailOutbox.id, row!.id));
    }
  }
}
