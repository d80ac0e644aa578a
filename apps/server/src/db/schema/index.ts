export * from './auth.ts'
export * from './catalog.ts'
export * from './orders.ts'
export * from './trust.ts'
