import {
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "react-router";
import { isCategoryIcon } from "#shared/categories/category-icons.ts";
import {
  CATEGORY_LIMITS,
  categoryChangeSchema,
  newCategorySchema,
  type AdminCategoryView,
} from "#shared/categories/category-schemas.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { formatCount } from "#web/lib/i18n/format.ts";
import { translateText } from "#web/lib/i18n/translate-text.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { paths } from "#web/lib/paths.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { forgetCategories } from "#web/lib/categories/use-categories.ts";
import { refusal, type ActionResult } from "#web/lib/action-result.ts";
import { FormFeedback } from "#web/lib/form-feedback.tsx";
import { Field } from "#web/lib/form-field.tsx";
import { CategoryIcon } from "#web/lib/categories/category-icon.tsx";
import { isSignedOut, withStaffSession } from "#web/lib/session-guard.ts";
import { createCategory, getAdminCategories, reorderCategories, updateCategory } from "../api/admin-api.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { CategoryFields, translationsOf, waterPointFlagsOf } from "../components/category-fields.tsx";
import { smsKeywordsOf } from "../components/sms-keyword-fields.tsx";

export async function categoriesLoader({ request }: LoaderFunctionArgs) {
  return withStaffSession(request, () => getAdminCategories(request.signal));
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
/** The icon chosen on the form, if it is one the portal draws (the server checks again). */
const iconOf = (form: FormData) => {
  const icon = form.get("icon");
  return isCategoryIcon(icon) ? icon : undefined;
};
/** A shared schema's message is an English id; the server's answers come already translated. */
const problemOf = (intent: string, issues: readonly { message: string }[]): CategoriesResult =>
  refusal(intent, translateText(issues[0]?.message ?? ""));

/** One action for the page's forms, told apart by `intent`; the shared schemas check input before it is sent. */
/** What the page's forms show after a submit (told apart by `intent`: create, edit, activate, up, …). */
type CategoriesResult = ActionResult<string>;

export async function categoriesAction({ request }: ActionFunctionArgs): Promise<CategoriesResult> {
  const form = await request.formData();
  const intent = text(form, "intent");
  const code = text(form, "service_code");
  try {
    const result = await perform(intent, form, code);
    forgetCategories();
    return result;
  } catch (error) {
    if (isSignedOut(error)) throw redirect(paths.staffSignIn(paths.staffAdminCategories()));
    return refusal(intent, errorMessageOf(error));
  }
}

async function perform(intent: string, form: FormData, code: string): Promise<CategoriesResult> {
  if (intent === "create") {
    const parsed = newCategorySchema.safeParse({
      name: text(form, "name"),
      service_code: code,
      description: text(form, "description"),
      group: text(form, "group"),
      icon: iconOf(form),
      translations: translationsOf(form),
      ...waterPointFlagsOf(form),
      ...smsKeywordsOf(form),
    });
    if (!parsed.success) return problemOf(intent, parsed.error.issues);
    const created = await createCategory({ ...parsed.data, group: parsed.data.group ?? "" });
    return { intent, ok: true, message: t('"{name}" was added at the end of the list.', { name: created.name }) };
  }
  if (intent === "edit") {
    const parsed = categoryChangeSchema.safeParse({
      name: text(form, "name"),
      description: text(form, "description"),
      group: text(form, "group") || null,
      icon: iconOf(form),
      translations: translationsOf(form),
      ...waterPointFlagsOf(form),
      ...smsKeywordsOf(form),
    });
    if (!parsed.success) return problemOf(intent, parsed.error.issues);
    const saved = await updateCategory(code, parsed.data);
    return { intent, ok: true, message: t('"{name}" was saved.', { name: saved.name }) };
  }
  if (intent === "activate" || intent === "deactivate") {
    const saved = await updateCategory(code, { active: intent === "activate" });
    return {
      intent,
      ok: true,
      message: saved.active
        ? t('"{name}" is offered on the form again.', { name: saved.name })
        : t('"{name}" is no longer offered on the form. Its reports keep it.', { name: saved.name }),
    };
  }
  if (intent === "up" || intent === "down") {
    const order = text(form, "order").split(",");
    const at = order.indexOf(code);
    const to = intent === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= order.length) return refusal(intent, t("This category cannot move further."));
    [order[at], order[to]] = [order[to]!, order[at]!];
    const { categories } = await reorderCategories(order);
    const moved = categories.find((category) => category.service_code === code);
    const values = { name: moved?.name ?? code, place: formatCount(to + 1), count: formatCount(order.length) };
    const message =
      intent === "up"
        ? t('"{name}" moved up to place {place} of {count}.', values)
        : t('"{name}" moved down to place {place} of {count}.', values);
    return { intent, ok: true, message };
  }
  return refusal(intent, t("This action is not known."));
}

export function CategoriesRoute() {
  const t = useT();
  useDocumentTitle(t("Categories · Administration"));
  const { categories } = useLoaderData<typeof categoriesLoader>();
  const result = useActionData<typeof categoriesAction>();
  const busy = useNavigation().state !== "idle";
  const order = categories.map((category) => category.service_code).join(",");
  return (
    <section className="admin-categories" aria-labelledby="categories-heading">
      <h2 id="categories-heading">{t("Categories")}</h2>
      <p className="muted">
        {t(
          "The form offers the active categories in this order. A deactivated category stays on its reports and in the filters. The service code is what integrations (Open311) use: it cannot change.",
        )}
      </p>
      <FormFeedback result={result} testId="categories" />
      <ol className="admin-list" data-testid="category-list">
        {categories.map((category, index) => (
          <CategoryItem
            key={category.key}
            category={category}
            first={index === 0}
            last={index === categories.length - 1}
            order={order}
            busy={busy}
          />
        ))}
      </ol>
      <NewCategoryForm busy={busy} />
    </section>
  );
}

function CategoryItem(props: {
  category: AdminCategoryView;
  first: boolean;
  last: boolean;
  order: string;
  busy: boolean;
}) {
  const { category, first, last, order, busy } = props;
  const t = useT();
  const { name } = category;
  const hidden = (
    <>
      <input type="hidden" name="service_code" value={category.service_code} />
      <input type="hidden" name="order" value={order} />
    </>
  );
  return (
    <li
      className={`admin-list__item card${category.active ? "" : " admin-list__item--inactive"}`}
      data-testid="category-item"
    >
      <div className="admin-list__head">
        <div>
          <h3 className="admin-list__name">
            <CategoryIcon icon={category.icon} />
            <bdi lang="en">{category.name}</bdi>
          </h3>
          <p className="admin-list__meta">
            <code>{category.service_code}</code>
            {category.group && (
              <span>
                {" · "}
                <bdi>{category.group}</bdi>
              </span>
            )}
            {!category.active && <span className="badge badge--muted">{` ${t("Not offered")}`}</span>}
          </p>
          {category.description && (
            <p className="admin-list__description" lang="en" dir="auto">
              {category.description}
            </p>
          )}
        </div>
        <Form method="post" className="admin-list__actions">
          {hidden}
          <button
            type="submit"
            name="intent"
            value="up"
            className="button button--secondary button--small"
            disabled={first || busy}
            aria-label={t("Move {name} up", { name })}
          >
            {t("Move up")}
          </button>
          <button
            type="submit"
            name="intent"
            value="down"
            className="button button--secondary button--small"
            disabled={last || busy}
            aria-label={t("Move {name} down", { name })}
          >
            {t("Move down")}
          </button>
          <BusySubmitButton
            busy={busy}
            name="intent"
            value={category.active ? "deactivate" : "activate"}
            className="button button--secondary button--small"
            aria-label={category.active ? t("Deactivate {name}", { name }) : t("Activate {name}", { name })}
          >
            {category.active ? t("Deactivate") : t("Activate")}
          </BusySubmitButton>
        </Form>
      </div>
      <details className="admin-list__edit">
        <summary>{t("Edit {name}", { name })}</summary>
        <Form method="post" className="admin-form">
          {hidden}
          <CategoryFields category={category} idPrefix={`edit-${category.service_code}`} />
          <BusySubmitButton busy={busy} name="intent" value="edit" className="button button--small">
            {t("Save changes")}
          </BusySubmitButton>
        </Form>
      </details>
    </li>
  );
}

function NewCategoryForm({ busy }: { busy: boolean }) {
  const t = useT();
  return (
    <section className="card admin-new" aria-labelledby="new-category-heading">
      <h2 id="new-category-heading">{t("Add a category")}</h2>
      <Form method="post" className="admin-form">
        <div className="admin-form__fields">
          <Field
            id="new-category-code"
            label={t("Service code")}
            hint={t("Lowercase letters, digits, - or _, e.g. water-kiosks. It cannot be changed later.")}
          >
            {(control) => (
              <input
                type="text"
                name="service_code"
                required
                maxLength={CATEGORY_LIMITS.serviceCode}
                pattern="[a-z0-9][a-z0-9_\-]*"
                {...control}
              />
            )}
          </Field>
        </div>
        <CategoryFields idPrefix="new-category" />
        <BusySubmitButton busy={busy} name="intent" value="create" className="button">
          {t("Add category")}
        </BusySubmitButton>
      </Form>
    </section>
  );
}
