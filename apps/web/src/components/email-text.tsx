/**
 * An e-mail address that, in a narrow table column, wraps after its "@" first: it reads
 * "sam.stockwell@ / example.com" rather than breaking inside a word. Give the parent
 * `overflowWrap: 'anywhere'` so that only a part longer than the column breaks elsewhere.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
