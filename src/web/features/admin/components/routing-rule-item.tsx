import { Form } from "react-router";
import type { RoutingRuleView } from "#shared/teams/routing-schemas.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";

/** One rule in the list, in the order the rules apply: what it matches, the team it routes to, and Delete. */
export function RoutingRuleItem({
  rule,
  categoryName,
  busy,
}: {
  rule: RoutingRuleView;
  categoryName: (serviceCode: string) => string;
  busy: boolean;
}) {
  const t = useT();
  const name = rule.team.name;
  // The outline's corners: the ring's positions but the closing one.
  const corners = rule.area ? rule.area.coordinates[0]!.length - 1 : 0;
  return (
    <li
      className={`admin-list__item card${rule.team.active ? "" : " admin-list__item--inactive"}`}
      data-testid="routing-rule"
    >
      <div className="admin-list__head">
        <div>
          <h3 className="admin-list__name">
            <bdi>{name}</bdi>
            {!rule.team.active && ` · ${t("Retired: passed over")}`}
          </h3>
          <p className="admin-list__meta">
            {rule.serviceCode === null
              ? t("Any category")
              : t("Category: {name}", { name: categoryName(rule.serviceCode) })}
            {" · "}
            {rule.area === null
              ? t("Anywhere")
              : t("Inside a drawn area ({count, plural, one {# corner} other {# corners}})", { count: corners })}
          </p>
        </div>
        <details className="admin-confirm">
          <summary
            className="button button--secondary button--small"
            aria-label={t("Delete…: rule for {name}", { name })}
          >
            {t("Delete…")}
          </summary>
          <Form method="post">
            <input type="hidden" name="id" value={rule.id} />
            <p>{t("Reports already routed keep their team.")}</p>
            <BusySubmitButton busy={busy} name="intent" value="delete" className="button button--danger button--small">
              {t("Delete this rule")}
            </BusySubmitButton>
          </Form>
        </details>
      </div>
    </li>
  );
}
