import { useMemo } from "react";
import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import type { LatLng } from "#shared/places/geo.ts";
import { newRoutingRuleSchema } from "#shared/teams/routing-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useLocale, useT } from "#web/lib/i18n/i18n-context.tsx";
import { categoryTextIn } from "#shared/categories/category-text.ts";
import { DRAW_MESSAGES, polygonArea } from "#web/lib/map/area-drawing.ts";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { isSignedOut, withStaffSession } from "#web/lib/session-guard.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { getAdminCategories } from "../api/admin-api.ts";
import { createRoutingRule, deleteRoutingRule, getRoutingRules, getTeams } from "../api/teams-api.ts";
import { RoutingAreaDrawer } from "../components/routing-area-drawer.tsx";
import { RoutingRuleItem } from "../components/routing-rule-item.tsx";
import { RoutingAreasMapSlot } from "../components/routing-areas-map-slot.tsx";
import { adminPagePaths } from "./admin-page-paths.ts";
import "./teams.css";

export async function routingRulesLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, async () => {
    const [{ rules }, { teams }, { categories }] = await Promise.all([
      getRoutingRules(request.signal),
      getTeams(request.signal),
      getAdminCategories(request.signal),
    ]);
    return { rules, teams, categories };
  });
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** The corners drawn on the map (a hidden field's JSON): none, or the polygon's, or the message saying what is missing. */
function areaOf(form: FormData): { area: ReturnType<typeof polygonArea> } | { problem: string } {
  let corners: LatLng[];
  try {
    corners = JSON.parse(text(form, "corners") || "[]") as LatLng[];
  } catch {
    corners = [];
  }
  if (corners.length === 0) return { area: null };
  const area = polygonArea(corners);
  return area ? { area } : { problem: translateText(DRAW_MESSAGES.tooFewPoints) };
}

export async function routingRulesAction({ request }: ActionFunctionArgs): Promise<ActionResult<string>> {
  const form = await request.formData();
  const intent = text(form, "intent");
  try {
    if (intent === "create") {
      const drawn = areaOf(form);
      if ("problem" in drawn) return refusal(intent, drawn.problem);
      const parsed = newRoutingRuleSchema.safeParse({
        teamId: text(form, "teamId"),
        serviceCode: text(form, "serviceCode") || null,
        area: drawn.area,
      });
      // The shared schema's message is an English id; the server's answers come translated.
      if (!parsed.success) return refusal(intent, translateText(parsed.error.issues[0]?.message ?? ""));
      const rule = await createRoutingRule(parsed.data);
      return { intent, ok: true, message: t("Rule for {name} added.", { name: rule.team.name }) };
    }
    if (intent === "delete") {
      const rule = await deleteRoutingRule(text(form, "id"));
      return { intent, ok: true, message: t("Rule for {name} deleted.", { name: rule.team.name }) };
    }
    return refusal(intent, t("This action is not known."));
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(adminPagePaths.routingRules));
    return refusal(intent, errorMessageOf(error));
  }
}

export function RoutingRulesRoute() {
  const t = useT();
  useDocumentTitle(t("Routing rules · Administration"));
  const { rules, teams, categories } = useLoaderData<typeof routingRulesLoader>();
  const result = useActionData<typeof routingRulesAction>();
  const busy = useNavigation().state !== "idle";
  const activeTeams = teams.filter((team) => team.active);
  // Kept between renders: a new list would draw the areas' map again.
  const areas = useMemo(
    () =>
      rules.flatMap((rule, index) =>
        rule.area ? [{ position: index + 1, teamName: rule.team.name, area: rule.area }] : [],
      ),
    [rules],
  );
  const locale = useLocale();
  const named = categories.map((category) => ({ code: category.service_code, ...categoryTextIn(category, locale) }));
  const categoryName = (code: string) => named.find((category) => category.code === code)?.name ?? code;
  return (
    <section aria-labelledby="routing-heading">
      <h2 id="routing-heading">{t("Routing rules")}</h2>
      <p className="hint">
        {t(
          "Each new report goes to the team of the first rule it matches, in this order: category and area, then category only, then area only; the oldest first among equals. A report that matches none waits for someone to choose its team.",
        )}
      </p>
      <FormFeedback result={result} testId="routing" />
      {rules.length === 0 ? (
        <p>{t("No routing rules yet: every new report waits for someone to choose its team.")}</p>
      ) : (
        <>
          <RoutingAreasMapSlot areas={areas} describedBy="routing-rules-list" />
          <ol className="admin-list routing-rules" id="routing-rules-list">
            {rules.map((rule) => (
              <RoutingRuleItem key={rule.id} rule={rule} categoryName={categoryName} busy={busy} />
            ))}
          </ol>
        </>
      )}
      <section className="card admin-new" aria-labelledby="new-rule-heading">
        <h2 id="new-rule-heading">{t("Add a routing rule")}</h2>
        {activeTeams.length === 0 ? (
          <p>{t("Add a team first: a rule sends reports to a team.")}</p>
        ) : (
          // A new rule in the list starts a fresh form: the drawing cleared, nothing added twice by mistake.
          <Form method="post" className="admin-form" key={rules.length}>
            <div className="admin-form__fields">
              <Field id="new-rule-team" label={t("Team")}>
                {(control) => (
                  <select name="teamId" {...control}>
                    {activeTeams.map((team) => (
                      <option key={team.id} value={team.id}>
                        {team.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="new-rule-category" label={t("Category")}>
                {(control) => (
                  <select name="serviceCode" defaultValue="" {...control}>
                    <option value="">{t("Any category")}</option>
                    {named.map((category) => (
                      <option key={category.code} value={category.code}>
                        {category.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <RoutingAreaDrawer />
            <BusySubmitButton busy={busy} name="intent" value="create" className="button">
              {t("Add rule")}
            </BusySubmitButton>
          </Form>
        )}
      </section>
    </section>
  );
}
