import type { WaterPointRecord } from "#shared/water-points/water-point-schemas.ts";
import { fieldErrorOf, type ActionResult } from "#web/lib/action-result.ts";
import { Field } from "#web/lib/form-field.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";

/** A result of the water points page: its data, an import's figures, when it has any. */
export type WaterPointsResult = ActionResult<string, unknown, string>;

/**
 * A water point's fields, for adding one (with its code) or editing one (without: the code is what identifies it).
 * The browser checks them with the server's own schema (water-point-schemas.ts); each field shows its message.
 */
export function WaterPointFields({
  idPrefix,
  point,
  result,
  withCode,
}: {
  idPrefix: string;
  point?: WaterPointRecord;
  result: WaterPointsResult | undefined;
  withCode: boolean;
}) {
  const t = useT();
  const error = (field: string) => fieldErrorOf(result, field);
  const text = (name: keyof WaterPointRecord, label: string, options: { required?: boolean; max?: number } = {}) => (
    <Field
      id={`${idPrefix}-${name}`}
      label={label}
      mark={options.required ? "required" : "optional"}
      error={error(name)}
    >
      {(control) => (
        <input
          type="text"
          name={name}
          dir="auto"
          required={options.required}
          maxLength={options.max ?? 100}
          defaultValue={point?.[name] === null || point?.[name] === undefined ? "" : String(point[name])}
          {...control}
        />
      )}
    </Field>
  );
  const number = (name: "latitude" | "longitude", label: string) => (
    <Field id={`${idPrefix}-${name}`} label={label} mark="required" error={error(name)}>
      {(control) => (
        <input
          type="text"
          inputMode="decimal"
          name={name}
          required
          dir="ltr"
          defaultValue={point ? String(point[name]) : ""}
          {...control}
        />
      )}
    </Field>
  );
  return (
    <div className="admin-form__fields">
      {withCode && (
        <Field
          id={`${idPrefix}-code`}
          label={t("Code (wpdx_id)")}
          mark="required"
          hint={t("As painted on the point, e.g. WP-0412.")}
          error={error("code")}
        >
          {(control) => <input type="text" name="code" required maxLength={64} dir="ltr" {...control} />}
        </Field>
      )}
      {text("name", t("Name"), { required: true, max: 200 })}
      {number("latitude", t("Latitude"))}
      {number("longitude", t("Longitude"))}
      <Field
        id={`${idPrefix}-status`}
        label={t("Water available at the last visit (status_id)")}
        error={error("status_id")}
      >
        {(control) => (
          <select name="status_id" defaultValue={point?.status_id ?? "unknown"} {...control}>
            <option value="yes">{t("Yes")}</option>
            <option value="no">{t("No")}</option>
            <option value="unknown">{t("Unknown")}</option>
          </select>
        )}
      </Field>
      {text("water_source", t("Water source (e.g. Borehole)"))}
      {text("water_tech", t("Technology (e.g. Hand Pump)"))}
      {text("adm1", t("Area, level 1 (largest)"))}
      {text("adm2", t("Area, level 2"))}
      {text("adm3", t("Area, level 3"))}
      {text("adm4", t("Area, level 4"))}
      <Field id={`${idPrefix}-install_year`} label={t("Year installed")} mark="optional" error={error("install_year")}>
        {(control) => (
          <input
            type="text"
            inputMode="numeric"
            name="install_year"
            maxLength={4}
            dir="ltr"
            defaultValue={point?.install_year ?? ""}
            {...control}
          />
        )}
      </Field>
      {text("management", t("Managed by"))}
    </div>
  );
}
