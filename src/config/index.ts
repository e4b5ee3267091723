/**
 * @module config — the typed project configuration: defaults, loading, validation and editing.
 */
export type { Config, ServerConfig, UsersPermissionsConfig, EmailConfig, EmailTemplate, I18nConfig, ApiConfig, GraphQLConfig, DatabaseConfig, Locale, ProviderConfig, ConfigFileName } from './types.js';
export { CONFIG_FILES } from './types.js';
export { defaults } from './defaults.js';
export { loadConfig, readConfigFile, resolveI18n, validateConfigFile, configFilePath, configFileNames, defaultLocaleName, type LoadOptions } from './load.js';
export { LOCALE_CODE, postgresUrl } from './shape.js';
export { literalSecrets, secretWarning, resolveEnvReferences, type Environment, type LiteralSecret } from './secrets.js';
export { editConfigFile, getConfigValue, setConfigValue, parseConfigKey } from './edit.js';
