export * from './tenancy';
export * from './entities';
export * from './sources';
export * from './metrics';
export * from './facts';
export * from './chunks';
export * from './answers';
export * from './audit';
