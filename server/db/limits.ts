/**
 * The largest value of PostgreSQL's `integer` (ids, versions, counts): a number above it cannot be
 * written or compared with such a column, so input schemas stop there and answer 422, not 500.
 */
export const INT_MAX = 2_147_483_647;
