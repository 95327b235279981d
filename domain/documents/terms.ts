/**
 * Order terms (Settings → Order terms) apply to quotations, to orders (invoices) or to both. A
 * document keeps its own copy of the terms chosen for it; only terms that apply to its kind are
 * ever on it, so the printed document shows exactly the terms its form shows.
 */
export const TERM_SCOPES = ['quotation', 'order', 'both'] as const;
export type TermScope = (typeof TERM_SCOPES)[number];
export type TermDocumentKind = 'quotation' | 'order';

export function termApplies(scope: TermScope, kind: TermDocumentKind): boolean {
  return scope === 'both' || scope === kind;
}

interface TermTitles {
  readonly titleEn: string;
  readonly titleZh: string;
}

/**
 * The copies of terms on a document that apply to its kind. A copy made since issue 18 carries its
 * scope; an older copy is matched to the list of terms by its titles (as the forms match it), and
 * one that matches no term (deleted since) is kept, having been chosen for this document.
 */
export function termsFor<T extends TermTitles & { readonly appliesTo?: TermScope | undefined }>(copies: readonly T[], kind: TermDocumentKind, known: readonly (TermTitles & { readonly appliesTo: TermScope })[]): T[] {
  return copies.filter((copy) => {
    const scope = copy.appliesTo ?? known.find((k) => k.titleEn === copy.titleEn && k.titleZh === copy.titleZh)?.appliesTo ?? 'both';
    return termApplies(scope, kind);
  });
}
