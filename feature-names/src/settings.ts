/** The checked configuration the plugin's views and service client read. */
export interface NamesSettings {
  /** Where the name service answers, without a trailing slash ('https://names.example.com'). */
  serviceUrl: string;
  /** Sent as `?projectId=` when set (a service hosting several projects). */
  projectId?: string | undefined;
  /** Names are `<label>.<suffix>`. */
  suffix: string;
}

/** The plugin's views. */
export const REGISTER_ACCOUNT_NAME_VIEW = 'RegisterAccountName';
export const REGISTER_ACCOUNT_NAME_SUCCESS_VIEW = 'RegisterAccountNameSuccess';
