import type { DocumentLanguage, Translate } from '../../domain/documents/printable';
import calendarEn from '../../locales/en/calendar.json';
import documentsEn from '../../locales/en/documents.json';
import fieldEn from '../../locales/en/field.json';
import productsEn from '../../locales/en/products.json';
import salesEn from '../../locales/en/sales.json';
import statementsEn from '../../locales/en/statements.json';
import calendarZh from '../../locales/zh-HK/calendar.json';
import documentsZh from '../../locales/zh-HK/documents.json';
import fieldZh from '../../locales/zh-HK/field.json';
import productsZh from '../../locales/zh-HK/products.json';
import salesZh from '../../locales/zh-HK/sales.json';
import statementsZh from '../../locales/zh-HK/statements.json';

/**
 * The words a PDF prints, from the same message files as the print view (locales/{language}/
 * sales.json `print.*`, products.json `unit.*`, calendar.json and field.json for the service report, documents.json
 * for what only the PDF says, statements.json `print.*` for a statement's own words), so the two
 * read alike. Loaded with the renderer, not with the app.
 */
export type WordsNamespace = 'sales' | 'products' | 'calendar' | 'documents' | 'field' | 'statements';

const CATALOGUES: Record<DocumentLanguage, Record<WordsNamespace, unknown>> = {
  en: { sales: salesEn, products: productsEn, calendar: calendarEn, documents: documentsEn, field: fieldEn, statements: statementsEn },
  'zh-HK': { sales: salesZh, products: productsZh, calendar: calendarZh, documents: documentsZh, field: fieldZh, statements: statementsZh },
};

/** A translate function of one namespace in one language; an unknown key reads as itself (as i18next does). */
export function wordsOf(language: DocumentLanguage, namespace: WordsNamespace): Translate {
  return (key) => {
    let node: unknown = CATALOGUES[language][namespace];
    for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? node : key;
  };
}

/** The words a printed document reads (`print.*`): the `sales` namespace's, else a statement's own (`statements`), as the print view reads them. */
export function printWordsOf(language: DocumentLanguage): Translate {
  const sales = wordsOf(language, 'sales');
  const statements = wordsOf(language, 'statements');
  return (key) => {
    const said = sales(key);
    return said === key ? statements(key) : said;
  };
}
