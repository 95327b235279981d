import i18next, { type i18n, type Resource } from 'i18next';
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../domain/i18n/language';
import type { LanguageSetting } from '../../application/ports/LanguageSetting';
import { bundledResources, CORE_NAMESPACES, lazyMessagesBackend } from './resources';

export const LANGUAGE_STORAGE_KEY = 'backoffice.locale';

/**
 * An i18next instance in the given language. In the browser the default language's core messages
 * are there at once and every other namespace is fetched when a screen first asks for it (its
 * useTranslation suspends meanwhile); `resources` gives every message up front instead (tests).
 */
export function createI18n(language: Language, resources?: Resource): i18n {
  const instance = i18next.createInstance();
  if (!resources) instance.use(lazyMessagesBackend);
  void instance.init({
    ...(resources ? { resources } : { resources: bundledResources(), partialBundledLanguages: true }),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/**
 * The interface language over i18next, kept in storage so the choice survives a reload (zh-HK until
 * one is made). It also sets the page's `lang` attribute, which screen readers and fonts follow.
 */
export class I18nextLanguageSetting implements LanguageSetting {
  private readonly subject: BehaviorSubject<Language>;
  readonly language$: Observable<Language>;

  constructor(
    readonly i18n: i18n,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'>,
    private readonly root: { lang: string } | null,
  ) {
    const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
    this.subject = new BehaviorSubject<Language>(current);
    this.language$ = this.subject.pipe(distinctUntilChanged());
    if (root) root.lang = current;
  }

  /** The language stored in the browser, or the default. */
  static stored(storage: Pick<Storage, 'getItem'>): Language {
    try {
      const value = storage.getItem(LANGUAGE_STORAGE_KEY);
      return isLanguage(value) ? value : DEFAULT_LANGUAGE;
    } catch {
      return DEFAULT_LANGUAGE;
    }
  }

  current(): Language {
    return this.subject.getValue();
  }

  async change(language: Language): Promise<void> {
    await this.i18n.changeLanguage(language);
    try {
      this.storage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage unavailable: the choice lasts until reload.
    }
    if (this.root) this.root.lang = language;
    this.subject.next(language);
  }
}
