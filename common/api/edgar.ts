/**
 * API contract of EDGAR pricing term sheets (`/admin/edgar`, admins only): FWP filings (Rule 433,
 * HTML or text) uploaded, read into a deal's fields with the problems a person must review, an
 * admin's corrections, and the deal and bonds made from a filing. Statuses: `parsed` (complete
 * and consistent, not yet a deal), `needs review` (a field missing or the numbers disagree),
 * `rejected` (not a pricing term sheet), `imported` (its deal exists). Units as the term sheet
 * states them: amounts in USD, rates and yields as decimals, prices in percent of par.
 */
import { z } from 'zod';
import { SP_RATINGS } from '../market';
import { calendarDateSchema } from './dates';
import { decimalRate, positiveId } from './shared';
import { path } from './path';

export const EDGAR_PATHS = {
  filings: '/admin/edgar',
  filing: path('/admin/edgar/:id'),
  deal: path('/admin/edgar/:id/deal'),
} as const;

export const FILING_STATUSES = ['parsed', 'needs review', 'rejected', 'imported'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

/** Term sheets are tens of kilobytes; a larger upload is not one. */
export const MAX_FWP_CHARS = 2_000_000;
export const MAX_FWP_TRANCHES = 10;

export const edgarUploadSchema = z
  .object({
    fileName: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(MAX_FWP_CHARS),
    /** Detected from the content when absent. */
    contentType: z.enum(['html', 'text']).optional(),
  })
  .strict();
export type EdgarUpload = z.input<typeof edgarUploadSchema>;

const day = calendarDateSchema.nullable();
/** A rate as a decimal (0.0525 is 5.25%): a correction sent in percent is refused in both units. */
const rate = decimalRate(-0.05, 0.5).nullable();

export const termSheetTrancheSchema = z
  .object({
    title: z.string().max(300).nullable(),
    principalAmount: z.number().positive().max(1e11).nullable(),
    maturityDate: day,
    coupon: rate,
    priceToPublic: z.number().min(50).max(150).nullable(),
    yieldToMaturity: rate,
    benchmarkTreasury: z.string().max(300).nullable(),
    benchmarkPrice: z.number().min(50).max(150).nullable(),
    benchmarkYield: rate,
    spreadBp: z.number().min(-500).max(5_000).nullable(),
    interestPaymentDates: z.string().max(300).nullable(),
    firstPaymentDate: day,
    makeWholeBp: z.number().min(0).max(1_000).nullable(),
    parCallDate: day,
    cusip: z.string().trim().toUpperCase().length(9).nullable(),
    isin: z.string().trim().toUpperCase().length(12).nullable(),
    /**
     * Present when the tranche reopens (taps) an existing bond: its deal then adds to that bond's
     * outstanding amount instead of making a new bond. `accruedFrom`: the date the price is "plus
     * accrued interest from", when stated.
     */
    reopening: z.object({ accruedFrom: day }).strict().optional(),
  })
  .strict();

/** What was read from a term sheet — or an admin's correction of it. */
export const termSheetReadingSchema = z
  .object({
    issuer: z.string().trim().min(1).max(200).nullable(),
    tradeDate: day,
    settlementDate: day,
    bookrunners: z.array(z.string().trim().min(1).max(100)).max(30),
    ratings: z
      .object({ moodys: z.string().max(10).optional(), sp: z.string().max(10).optional(), fitch: z.string().max(10).optional() })
      .strict(),
    tranches: z.array(termSheetTrancheSchema).min(1).max(MAX_FWP_TRANCHES),
    /** ISO code of the currency, present only when the sheet is not in US dollars: such a reading never becomes a deal. */
    currency: z.string().trim().min(1).max(10).optional(),
  })
  .strict();
export type TermSheetReading = z.infer<typeof termSheetReadingSchema>;

export const edgarCorrectionSchema = z.object({ reading: termSheetReadingSchema }).strict();

/** The issuer of the deal: one already known, or a new one named as the sheet names it. */
export const edgarDealSchema = z
  .object({
    issuerId: positiveId.optional(),
    newIssuer: z
      .object({
        ticker: z
          .string()
          .trim()
          .regex(/^[A-Z][A-Z0-9.]{0,9}$/, 'must be 1–10 capital letters or digits'),
        /** The industry's sector code (an industry, not a top-level sector). */
        industryCode: z.string().trim().min(1).max(20),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((b) => !(b.issuerId !== undefined && b.newIssuer !== undefined), {
    message: 'give issuerId or newIssuer, not both',
    path: ['issuerId'],
  });
export type EdgarDealRequest = z.input<typeof edgarDealSchema>;

export const edgarParamsSchema = z.object({ id: positiveId });
export const edgarListQuerySchema = z.object({ status: z.enum(FILING_STATUSES).optional() });

const problem = z.object({ field: z.string(), message: z.string() });
const issuerRef = z.object({ id: z.number().int(), ticker: z.string(), name: z.string() });

export const filingRowSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(FILING_STATUSES),
  issuer: z.string().nullable(),
  tranches: z.number().int(),
  problems: z.number().int(),
  /** The first problem, or the reason for a rejection. */
  firstProblem: problem.nullable(),
  dealId: z.number().int().nullable(),
  uploadedAt: z.string(),
});
export const filingListSchema = z.object({ filings: z.array(filingRowSchema) });
export type FilingList = z.infer<typeof filingListSchema>;

export const filingSchema = filingRowSchema.extend({
  contentType: z.enum(['html', 'text']),
  /** The document as filed, for reading beside the fields. */
  source: z.string(),
  layout: z.enum(['table', 'blocks']).nullable(),
  reading: termSheetReadingSchema.nullable(),
  problemList: z.array(problem),
  /** The known issuer the sheet's issuer name matches, if any. */
  matchedIssuer: issuerRef.nullable(),
  /** Whether it was corrected by an admin since it was read. */
  corrected: z.boolean(),
});
export type Filing = z.infer<typeof filingSchema>;

export const edgarUploadResponseSchema = z.object({
  id: z.number().int(),
  status: z.enum(FILING_STATUSES),
  problems: z.array(problem),
  dealId: z.number().int().nullable(),
  /** True when this very document had been uploaded before (nothing new was stored). */
  duplicate: z.boolean(),
});
export type EdgarUploadResponse = z.infer<typeof edgarUploadResponseSchema>;

/** S&P ratings as the bond table knows them (an unknown text is kept off the bond). */
export const KNOWN_SP_RATINGS: ReadonlySet<string> = new Set(SP_RATINGS);
