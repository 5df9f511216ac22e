import { FormField, type FieldControl } from '../../ui/FormField';
import type { EnvironmentDraft, FieldErrors } from './environment-form';
import styles from './Settings.module.css';

/**
 * The labelled inputs of one environment (hosts, ports, TLS, signing algorithm,
 * x-version, account-list path, host signing). Each error sits under its own field and is tied
 * to it with aria-describedby; nothing here owns state, so a failed save loses nothing typed.
 */
interface Props {
  draft: EnvironmentDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<EnvironmentDraft>) => void;
  readOnly?: boolean;
}

export function EnvironmentFields({ draft, errors, onChange, readOnly = false }: Props) {
  const text =
    (field: 'name' | 'apiBaseUrl' | 'quotesUrl' | 'eventsAddress', placeholder: string) =>
    ({ id, describedBy, invalid }: FieldControl) => (
      <input
        id={id}
        className="input mono-input"
        value={draft[field]}
        placeholder={placeholder}
        readOnly={readOnly}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onChange({ [field]: e.target.value })}
      />
    );
  return (
    <div className={styles.fields}>
      <FormField name="name" label="Name" error={errors.name}>
        {text('name', 'My broker')}
      </FormField>
      <FormField name="apiBaseUrl" label="API base URL" error={errors.apiBaseUrl} hint="signed HTTP">
        {text('apiBaseUrl', 'https://api.webull.com')}
      </FormField>
      <FormField name="quotesUrl" label="Quotes URL" error={errors.quotesUrl} hint="MQTT quotes">
        {text('quotesUrl', 'mqtts://data-api.webull.com:1883')}
      </FormField>
      <FormField name="eventsAddress" label="Events host:port" error={errors.eventsAddress} hint="gRPC">
        {(ids) => (
          <span className={styles.inline}>
            {text('eventsAddress', 'events-api.webull.com:443')(ids)}
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.eventsTls}
                disabled={readOnly}
                onChange={(e) => onChange({ eventsTls: e.target.checked })}
              />
              TLS
            </label>
          </span>
        )}
      </FormField>
      <FormField name="algorithm" label="Signing" error={errors.algorithm}>
        {({ id, describedBy }) => (
          <span className={styles.inline}>
            <select
              id={id}
              className="select"
              value={draft.algorithm}
              disabled={readOnly}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ algorithm: e.target.value as EnvironmentDraft['algorithm'] })}
            >
              <option value="HMAC-SHA1">HMAC-SHA1</option>
              <option value="HMAC-SHA256">HMAC-SHA256</option>
            </select>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.signHostWithPort}
                disabled={readOnly}
                onChange={(e) => onChange({ signHostWithPort: e.target.checked })}
              />
              Sign host with port
            </label>
          </span>
        )}
      </FormField>
      <FormField name="xVersion" label="x-version" error={errors.xVersion}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className="select"
            value={draft.xVersion}
            disabled={readOnly}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ xVersion: e.target.value as EnvironmentDraft['xVersion'] })}
          >
            <option value="v2">v2</option>
            <option value="v3">v3</option>
          </select>
        )}
      </FormField>
      <FormField
        name="accountListPath"
        label="Account list path"
        error={errors.accountListPath}
        hint="the other is tried on 404"
      >
        {({ id, describedBy }) => (
          <select
            id={id}
            className="select mono-input"
            value={draft.accountListPath}
            disabled={readOnly}
            aria-describedby={describedBy}
            onChange={(e) =>
              onChange({ accountListPath: e.target.value as EnvironmentDraft['accountListPath'] })
            }
          >
            <option value="/openapi/account/list">/openapi/account/list</option>
            <option value="/trading/accounts/list">/trading/accounts/list</option>
          </select>
        )}
      </FormField>
      <FormField
        name="pathScheme"
        label="Path set"
        error={errors.pathScheme}
        hint="trading and token paths, as a whole"
      >
        {({ id, describedBy }) => (
          <select
            id={id}
            className="select"
            value={draft.pathScheme}
            disabled={readOnly}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ pathScheme: e.target.value as EnvironmentDraft['pathScheme'] })}
          >
            <option value="openapi">/openapi/… (SDK)</option>
            <option value="v3">/trading/… (v3 reference)</option>
          </select>
        )}
      </FormField>
      <FormField name="optionOrders" label="Option orders" error={errors.optionOrders}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className="select"
            value={draft.optionOrders}
            disabled={readOnly}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ optionOrders: e.target.value as EnvironmentDraft['optionOrders'] })}
          >
            <option value="unified">Unified order endpoints (category header)</option>
            <option value="option">Option order endpoints</option>
          </select>
        )}
      </FormField>
      <FormField
        name="optionRules"
        label="Option rules"
        error={errors.optionRules}
        hint="the real service's today: all on"
      >
        {({ id, describedBy }) => (
          <span
            className={styles.inline}
            id={id}
            role="group"
            aria-label="Option rules"
            aria-describedby={describedBy}
          >
            {(
              [
                ['marketOrders', 'No market orders', true],
                ['sellDayOnly', 'Sells Day only', false],
                ['positionIntent', 'Open/close intent', false],
              ] as const
            ).map(([key, text, inverted]) => (
              <label key={key} className={styles.check}>
                <input
                  type="checkbox"
                  checked={inverted ? !draft.optionRules[key] : draft.optionRules[key]}
                  disabled={readOnly}
                  onChange={(e) =>
                    onChange({
                      optionRules: {
                        ...draft.optionRules,
                        [key]: inverted ? !e.target.checked : e.target.checked,
                      },
                    })
                  }
                />
                {text}
              </label>
            ))}
          </span>
        )}
      </FormField>
      <FormField
        name="caCertificate"
        label="CA certificate"
        error={errors.caCertificate}
        hint="optional PEM; trusted besides the system roots"
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            className={`input mono-input ${styles.caInput}`}
            rows={3}
            spellCheck={false}
            placeholder="-----BEGIN CERTIFICATE-----"
            value={draft.caCertificate}
            disabled={readOnly}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ caCertificate: e.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
