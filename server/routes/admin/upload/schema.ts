/** The upload contract lives in common/api/upload.ts (the admin page reads the same report). */
export { importReportSchema, refusedSchema, UPLOAD_MAX_BYTES, uploadParams, uploadQuery } from '../../../../common/api/upload';
