// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { describedBy, Field, FieldError, fieldControlProps } from "#web/lib/form-field.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

/** The one form field (src/web/lib/form-field.tsx): its label, hint and error are wired to the control. */
afterEach(cleanup);

describe("Field", () => {
  it("labels the control and says nothing more while the field has no problem", () => {
    activateWebLocale("en");
    render(
      <Field id="title" label="Issue Title" mark="required">
        {(control) => <input type="text" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Issue Title*");
    expect(input.id).toBe("title");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(document.querySelector(".required-mark")?.textContent).toBe("*");
    expect(document.querySelector(".field-error")).toBeNull();
    expect(document.querySelector(".field")?.className).toBe("field");
  });

  it("points the control at its hint, then at its error, and marks it invalid", () => {
    activateWebLocale("en");
    render(
      <Field id="note" label="Public note" hint="Shown to everyone." error="Write a note." full>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const note = screen.getByLabelText("Public note");
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(note.getAttribute("aria-describedby")).toBe("note-hint note-error");
    expect(document.getElementById("note-hint")?.textContent).toBe("Shown to everyone.");
    const error = document.getElementById("note-error");
    expect(error?.textContent).toBe("Write a note.");
    expect(error?.className).toBe("field-error");
    // Not announced unless asked: a form whose summary takes the focus says it there.
    expect(error?.getAttribute("role")).toBeNull();
    expect(document.querySelector(".field")?.className).toBe("field field--full");
  });

  it("keeps a form's own layout class beside field", () => {
    render(
      <Field id="sort" label="Sort by" className="queue-filters__sort">
        {(control) => <select {...control} />}
      </Field>,
    );
    expect(document.querySelector(".field")?.className).toBe("field queue-filters__sort");
  });

  it("takes the ids a form already links to, and announces the error when asked", () => {
    activateWebLocale("en");
    render(
      <Field
        id="new-password"
        label="New password"
        hint="At least 12 characters."
        hintId="password-rules"
        error="Too short."
        errorId="password-problem"
        errorTestId="password-error"
        announce
      >
        {(control) => <input type="password" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("New password");
    expect(input.getAttribute("aria-describedby")).toBe("password-rules password-problem");
    const error = screen.getByTestId("password-error");
    expect(error.id).toBe("password-problem");
    expect(error.getAttribute("role")).toBe("alert");
  });

  it("points at the form's own alert when that says the error, without saying it twice", () => {
    activateWebLocale("en");
    render(
      <Field
        id="follow-email"
        label="Your e-mail"
        error="Enter an e-mail address."
        errorId="follow-error"
        errorShownElsewhere
      >
        {(control) => <input type="email" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Your e-mail");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("follow-error");
    expect(document.querySelector(".field-error")).toBeNull();
  });

  it("points at a message for the whole form without marking a field that is not in error", () => {
    activateWebLocale("en");
    render(
      <>
        <Field id="email" label="Email" errorId="sign-in-error" errorShownElsewhere describedBy={["sign-in-error"]}>
          {(control) => <input type="email" {...control} />}
        </Field>
        <Field
          id="password"
          label="Password"
          error="Enter your password."
          errorId="sign-in-error"
          errorShownElsewhere
          describedBy={["sign-in-error"]}
        >
          {(control) => <input type="password" {...control} />}
        </Field>
      </>,
    );
    const email = screen.getByLabelText("Email");
    expect(email.hasAttribute("aria-invalid")).toBe(false);
    expect(email.getAttribute("aria-describedby")).toBe("sign-in-error");
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-describedby")).toBe("sign-in-error");
  });

  it("says an optional field is optional, in the visitor's language", () => {
    activateWebLocale("es");
    render(
      <Field id="email" label="Correo" mark="optional">
        {(control) => <input type="email" {...control} />}
      </Field>,
    );
    const mark = document.querySelector(".optional-mark");
    expect(mark?.textContent).toBe(" (opcional)");
    activateWebLocale("en");
  });
});

describe("the helpers", () => {
  it("joins descriptions and leaves out the attribute when there is none", () => {
    expect(describedBy("a-hint", undefined, false, "a-count")).toBe("a-hint a-count");
    expect(describedBy(undefined, "")).toBeUndefined();
    // Each once: a form's own message may describe a field that is also in error.
    expect(describedBy("form-error", "form-error")).toBe("form-error");
  });

  it("gives a control laid out elsewhere the same attributes", () => {
    expect(fieldControlProps({ id: "pin" })).toEqual({
      id: "pin",
      "aria-invalid": undefined,
      "aria-describedby": undefined,
    });
    expect(fieldControlProps({ id: "pin", error: "Choose a place.", describedBy: ["pin-hint"] })).toEqual({
      id: "pin",
      "aria-invalid": true,
      "aria-describedby": "pin-hint pin-error",
    });
  });

  it("renders no error element for an empty message", () => {
    render(<FieldError id="x-error">{""}</FieldError>);
    expect(document.getElementById("x-error")).toBeNull();
  });
});
