/**
 * Imported first by run.ts: ES modules load their imports before the importer's own code runs, and the
 * shared logger reads LOG_LEVEL when it loads, so the bench's quiet must be set in a module of its own.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'silent';
