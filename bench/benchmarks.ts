import { accountNextPageVsSlowestCall, accountPageVsSlowestCall, accountsPageVsSlowestCall } from "./app-pages.bench";
import type { MeasureOptions } from "./measure";
import { signRequestVsRawSign } from "./sign-request.bench";
import { verifyWithCertificateCacheVsWithout } from "./verify-request.bench";
import { transactionsLastPageVsFirstPage, transactionsOffsetLastPageVsFirstPage } from "./transaction-listing.bench";

/** Every benchmark by the name of its figure; each returns a ratio against its own baseline. */
export const benchmarks: Record<string, (options: MeasureOptions) => Promise<number>> = {
  signRequestVsRawSign,
  verifyWithCertificateCacheVsWithout,
  transactionsLastPageVsFirstPage,
  transactionsOffsetLastPageVsFirstPage,
  accountsPageVsSlowestCall,
  accountPageVsSlowestCall,
  accountNextPageVsSlowestCall,
};
