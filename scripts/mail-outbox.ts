// `npm run mail:outbox [count]`: prints the newest mail the product kept without SMTP_URL (a
// password-reset code, a document sent from a company), read from the same environment as the
// server (DATA_DIR, MAIL_DIR, SMTP_URL). Safe while the server runs: it reads files only.
import { ConfigError, loadConfig } from '../server/config';
import { newestInFolder } from '../server/mail/pickup';

const count = Number(process.argv[2] ?? 5);
if (!Number.isInteger(count) || count < 1) {
  console.error(`usage: npm run mail:outbox [count]   (count: how many of the newest mails, default 5; got '${process.argv[2]}')`);
  process.exit(2);
}

try {
  const { mailDir, smtpUrl } = loadConfig(process.env);
  if (!mailDir) {
    console.log(`SMTP_URL is set: mail is delivered to ${new URL(smtpUrl ?? '').host}, not kept in a folder.`);
    process.exit(0);
  }
  const mails = await newestInFolder(mailDir, count);
  if (mails.length === 0) console.log(`No mail yet in ${mailDir}.`);
  for (const mail of mails) console.log(`${'-'.repeat(72)}\n${mail}`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
