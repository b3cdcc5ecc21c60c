/**
 * Class names of form fields, shared by server pages and client components. A plain module: a value
 * exported from a 'use client' module reaches a server component as a client reference, not as the string.
 */
export const inputClass = 'rounded border border-line bg-white px-2 py-1.5 text-sm';
export const labelClass = 'flex flex-col gap-1 text-xs text-muted';
