import { createContext } from 'react';
import type { Theme } from '../../domain/i18n/languages';

/** The theme the page was drawn in (`<html data-theme>`, or the server's request): the first render's value. */
export const InitialThemeContext = createContext<Theme>('system');
