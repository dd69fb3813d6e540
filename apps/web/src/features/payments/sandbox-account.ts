import { ZPaymentAccountId, isSandboxAccount } from '@app/contracts';

/** The `?account=` of a sandbox page: a sandbox account id (`acct_sandbox_…`), else null. */
export function readSandboxAccount(searchParams: URLSearchParams): string | null {
  const account = searchParams.get('account')?.trim() ?? '';
  return ZPaymentAccountId.safeParse(account).success && isSandboxAccount(account) ? account : null;
}
