// `npm start` (after the build): decides whether the local mailbox page and the demo are on, then
// runs the server in this process, so Ctrl+C reaches its graceful shutdown directly.
//
// /dev/mailbox shows sign-in links, so it is for a person trying the product on their own
// machine only: with the embedded database and mail written to files (no DATABASE_URL, no
// SMTP_URL). Any other set-up is a deployment and gets no mailbox unless DEV_MAILBOX says so.
//
// The demo is for the same person: with the embedded database (no DATABASE_URL) DEMO=1, so the
// first start of an empty data folder seeds "Demo Market" and the login page offers "Explore the
// demo". DEMO=0 turns it off; a deployment gets it only when it sets DEMO=1 itself.
const isSet = (name) => (process.env[name] ?? '') !== '';

if (!isSet('DEV_MAILBOX') && !isSet('DATABASE_URL') && !isSet('SMTP_URL')) {
  process.env.DEV_MAILBOX = '1';
}
if (!isSet('DEMO') && !isSet('DATABASE_URL')) {
  process.env.DEMO = '1';
}

await import(new URL('../apps/server/dist/main.js', import.meta.url).href);
