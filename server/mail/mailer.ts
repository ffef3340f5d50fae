import nodemailer from 'nodemailer';
import type { Db } from '../../db/connection';
import { enqueueMail, listPendingMail, markMailFailed, markMailSent } from '../../db/outbox';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import type { MailMessage } from './templates';

export interface Mailer {
  /** Stores the message durably before anything else happens, so a crash never loses a code or a link. */
  send(message: MailMessage): void;
  /** Delivers what is waiting (SMTP only); resolves when this round is done. */
  deliverPending(): Promise<void>;
  close(): void;
}

const MAX_DELIVERY_ATTEMPTS = 5;
const RETRY_INTERVAL_MS = 30_000;

/**
 * One mailer, two transports. Without SMTP_URL every message stays in the outbox table, where
 * `npm run mail` reads it, until the code or link in it expires (the sweep then empties the body).
 * With SMTP_URL the outbox is a durable queue that nodemailer drains, and a body is deleted as
 * soon as the mail server has it. Log lines name the recipient and subject only: bodies carry
 * codes and links.
 */
export function createMailer(deps: { db: Db; clock: Clock; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  if (!deps.smtpUrl) {
    return {
      send(message) {
        const id = enqueueMail(deps.db, { ...message, status: 'stored' }, deps.clock.now());
        deps.logger.info('mail_stored', { id, to: message.to, subject: message.subject });
      },
      deliverPending: async () => {},
      close() {},
    };
  }
  const transport = nodemailer.createTransport(deps.smtpUrl);
  let running: Promise<void> | undefined;
  const deliverPending = () => {
    running ??= (async () => {
      try {
        for (const row of listPendingMail(deps.db, 20)) {
          try {
            await transport.sendMail({ from: deps.from, to: row.to_address, subject: row.subject, text: row.text });
            markMailSent(deps.db, row.id, deps.clock.now());
            deps.logger.info('mail_sent', { id: row.id, to: row.to_address });
          } catch (error) {
            markMailFailed(deps.db, row.id, (error as Error).message.slice(0, 200), MAX_DELIVERY_ATTEMPTS);
            deps.logger.warn('mail_failed', { id: row.id, to: row.to_address });
          }
        }
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void deliverPending(), RETRY_INTERVAL_MS);
  timer.unref();
  return {
    send(message) {
      const id = enqueueMail(deps.db, { ...message, status: 'pending' }, deps.clock.now());
      deps.logger.info('mail_queued', { id, to: message.to, subject: message.subject });
      void deliverPending();
    },
    deliverPending,
    close() {
      clearInterval(timer);
      transport.close();
    },
  };
}
