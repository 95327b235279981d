/** A name kept in both languages, shown in the interface language (the other one when it is empty). */
export function bilingual(value: { readonly nameEn: string; readonly nameZh: string }, language: string): string {
  return language === 'en' ? value.nameEn || value.nameZh : value.nameZh || value.nameEn;
}
