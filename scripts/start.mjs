// `npm start` (after the build): decides whether the local mailbox page is on, then runs the
// server in this process, so Ctrl+C reaches its graceful shutdown directly.
//
// /dev/mailbox shows sign-in links, so it is for a person trying the product on their own
// machine only: with the embedded database and mail written to files (no DATABASE_URL, no
// SMTP_URL). Any other set-up is a deployment and gets no mailbox unless DEV_MAILBOX says so.
const isSet = (name) => (process.env[name] ?? '') !== '';

if (!isSet('DEV_MAILBOX') && !isSet('DATABASE_URL') && !isSet('SMTP_URL')) {
  process.env.DEV_MAILBOX = '1';
}

await import(new URL('../apps/server/dist/main.js', import.meta.url).href);
