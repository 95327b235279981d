import { multiplyDivideRounded, percentOf, sum, type BasisPoints, type Cents } from '../money/money';

/**
 * Commission on an order (spec: "commission rate"). Each line earns, in this order of precedence:
 * its product's own rate when the product has one; else its product category's rate (the caller
 * gives a sub-category without a rate its parent's); else the salesperson's own rate. The base is
 * either the order's total (after discount, shared out over the lines in proportion to their
 * amounts) or only what has been received so far (the same shares, scaled by received ÷ total).
 * A voided order earns nothing. The arithmetic is exact however large the amounts (a base × a line's
 * amount is formed in BigInt once it passes 2^53).
 */
export type CommissionBasis = 'total' | 'received';

export interface CommissionLine {
  /** The line's amount before the order's discount. */
  readonly amount: Cents;
  readonly categoryId: number | null;
  /** The product's own commission rate, when it has one: it comes before the category's and the salesperson's. */
  readonly productRate: BasisPoints | null;
}

export interface CommissionInput {
  readonly lines: readonly CommissionLine[];
  /** The order's total after discount. */
  readonly orderTotal: Cents;
  /** Receipts less refunds. */
  readonly received: Cents;
  readonly voided: boolean;
  readonly userRate: BasisPoints | null;
  readonly categoryRates: ReadonlyMap<number, BasisPoints>;
  readonly basis: CommissionBasis;
}

/** The rate a line earns: the product's, else its category's, else the salesperson's (null: none). */
function lineRate(line: CommissionLine, input: Pick<CommissionInput, 'userRate' | 'categoryRates'>): BasisPoints | null {
  return line.productRate ?? (line.categoryId !== null ? input.categoryRates.get(line.categoryId) : undefined) ?? input.userRate;
}

export function commission(input: CommissionInput): Cents {
  if (input.voided || input.orderTotal <= 0) return 0;
  const base = input.basis === 'total' ? input.orderTotal : Math.min(input.received, input.orderTotal);
  if (base <= 0) return 0;
  const gross = sum(input.lines.map((l) => l.amount));
  if (gross <= 0) return input.userRate === null ? 0 : percentOf(base, input.userRate);
  // Each line's share of the base, in proportion to its amount; the rounding rest goes to the last line.
  let allotted = 0;
  const shares = input.lines.map((line, index) => {
    const share = index === input.lines.length - 1 ? base - allotted : multiplyDivideRounded(base, line.amount, gross);
    allotted += share;
    return share;
  });
  // Commission per rate group, rounded once per group.
  const byRate = new Map<BasisPoints, Cents>();
  input.lines.forEach((line, index) => {
    const rate = lineRate(line, input);
    if (rate === null) return;
    byRate.set(rate, (byRate.get(rate) ?? 0) + (shares[index] ?? 0));
  });
  return sum([...byRate].map(([rate, amount]) => percentOf(amount, rate)));
}
