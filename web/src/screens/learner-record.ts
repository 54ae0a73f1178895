// One learner's page for the career center (opened from a name in the students' or the alumni's list): a script
// of its own over theirs. It passes on admin.ts's screens so that the bundler keeps that script whole (what both
// use stays in it, not split out into smaller shared scripts): the lists load what they loaded before.

export { AlumnusPage, StudentPage } from '../features/master-data/learner-page'
export * from './admin'
