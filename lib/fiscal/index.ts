/**
 * Fiscal period algebra: calendars (fixed and 52/53-week, effective-dated with transition periods),
 * fiscal years and positions, derivation of fiscal labels from dates, period-phrase extraction and
 * resolution, labels, and calendar inference. Pure functions; no I/O, no wall clock.
 */
export * from './dates';
export * from './year-end';
export * from './timeline';
export * from './positions';
export * from './length-class';
export * from './derive';
export * from './label';
export * from './parse-date';
export * from './phrases';
export * from './resolve-period';
export * from './infer-calendar';
export * from './period-spec';
export * from './temporal-words';
export * from './year-range';
export { tokenize, type Tok } from './tokens';
