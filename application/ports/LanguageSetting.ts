import type { Observable } from 'rxjs';
import type { Language } from '../../domain/i18n/language';
import { token } from '../di/token';

/** The interface language (zh-HK by default), kept in the browser between visits. */
export interface LanguageSetting {
  readonly language$: Observable<Language>;
  current(): Language;
  change(language: Language): Promise<void>;
}

export const LanguageSetting = token<LanguageSetting>('LanguageSetting');
