/** A name kept in both languages, shown in the interface language (the other one when it is empty). */
export function bilingual(value: { readonly nameEn: string; readonly nameZh: string }, language: string): string {
  return language === 'en' ? value.nameEn || value.nameZh : value.nameZh || value.nameEn;
}

/** A select's choices of records named in both languages: each by its id, in the interface language. */
export function bilingualChoices(values: readonly { readonly id: number; readonly nameEn: string; readonly nameZh: string }[], language: string): { value: string; label: string }[] {
  return values.map((v) => ({ value: String(v.id), label: bilingual(v, language) }));
}
