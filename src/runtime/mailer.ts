// Outgoing mail (password-recovery links): through nodemailer to SMTP_URL, or, without one, into
// the server log so an operator can pass the message on. Sending never blocks or fails a request:
// the caller does not wait, and a failure is logged.
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Mailer {
  /** Sends in the background; resolves when the message is handed over (or logged, or failed and logged). */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function openMailer(options: { smtpUrl: string | undefined; from: string; log: MailLog }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        // No SMTP server configured: the operator reads the message (with its link) in the log.
        log.warn(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail not sent (SMTP_URL unset): logged instead',
        );
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        log.info({ messageId: info.messageId }, 'mail sent');
      } catch (err) {
        // The address stays out of the log line's message; the error says what the server answered.
        log.error({ err }, 'mail could not be sent');
      }
    },
    close() {
      transport.close();
    },
  };
}
