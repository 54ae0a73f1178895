/**
 * The file reference (schema, columns, JSON, mapper) is defined once in http/shapes/file.ts; this
 * re-export keeps the modules that still import the mapper from here working until they move.
 */
export { fileOut } from '../../http/shapes/file.js'
