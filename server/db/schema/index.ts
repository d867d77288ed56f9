// The whole database schema: drizzle-kit generates migrations from this module.
export * from './idp';
export * from './mail';
export * from './app';
export * from './roles';
export * from './audit';
export * from './files';
export * from './relations-companies';
export * from './relations-contracts';
export * from './settlements';
export * from './country-charges';
export * from './jobs';
export * from './processes';
export * from './invoicing';
export * from './logbooks';
export * from './guarantees';
export * from './monitoring';
export * from './ercot';
