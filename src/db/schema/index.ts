export * from './accounts.js'
export * from './common.js'
export * from './master-data.js'
export * from './recruitment.js'
