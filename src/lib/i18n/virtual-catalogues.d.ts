// Types of the modules `catalogue-plugin.ts` generates, one per language and part
// (`virtual:i18n-catalogue/es-ES/public`, ...; an unknown one fails the build).
declare module 'virtual:i18n-catalogue/*' {
  /** One part of one language's catalogue (catalogue-parts.ts `Catalogue`). */
  const catalogue: { [key: string]: unknown };
  export default catalogue;
}
