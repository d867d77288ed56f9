// Vitest setup for every test file: both languages' whole catalogues installed up front, so a
// test switches language and translates at once, where the app loads a language's words when
// it needs them (src/lib/i18n/i18n.ts).
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { installCatalogue } from '../../src/lib/i18n/i18n';

installCatalogue('es-ES', esES);
installCatalogue('en-US', enUS);
