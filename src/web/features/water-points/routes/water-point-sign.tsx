import { Link } from "react-router";
import type { WaterPointView } from "#shared/api-schemas/water-points.ts";
import { waterPointPagePath } from "#shared/water-points/water-point-paths.ts";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { QrCode } from "../components/qr-code.tsx";
import "./water-point-sign.css";

/**
 * /water-points/:code/sign, the sign a utility prints and sticks on the point (docs/decisions/039-water-point-status.md):
 * its code large, its name, a QR code to its page and one to the form with the point chosen, and the SMS number when
 * SMS is on, in the page's language. Printed on A4 or A5 (water-point-sign.css): the site's frame is left out. A chunk
 * of its own (with the QR codes' encoder), loaded by the point's route only for the sign.
 */
export default function WaterPointSign({ point }: { point: WaterPointView }) {
  const t = useT();
  useDocumentTitle(t("Sign for {code}", { code: point.code }));
  return (
    <div className="water-point-sign-page">
      <p className="water-point-sign-page__tools">
        <Link to={waterPointPagePath(point.code)}>{t("Back to the water point")}</Link>
        <button type="button" className="button" onClick={() => window.print()}>
          {t("Print this sign")}
        </button>
      </p>
      <article className="water-point-sign" data-testid="water-point-sign">
        <p className="water-point-sign__code" dir="ltr">
          {point.code}
        </p>
        <h1 className="water-point-sign__name" dir="auto">
          {point.name}
        </h1>
        <div className="water-point-sign__codes">
          <figure>
            <QrCode text={point.pageUrl} label={t("QR code to this water point's page")} testId="sign-qr-page" />
            <figcaption>{t("Is this point working? Scan to see.")}</figcaption>
          </figure>
          <figure>
            <QrCode text={point.reportUrl} label={t("QR code to report a problem here")} testId="sign-qr-report" />
            <figcaption>{t("Not working? Scan to report a problem here.")}</figcaption>
          </figure>
        </div>
        {point.smsNumber && (
          <p className="water-point-sign__sms" data-testid="sign-sms">
            {withElements(
              t("No smartphone? Send an SMS to {number} that starts with {code}, then say what is wrong.", {
                number: slot("number"),
                code: slot("code"),
              }),
              {
                number: <bdi dir="ltr">{point.smsNumber}</bdi>,
                code: <bdi dir="ltr">{point.code}</bdi>,
              },
            )}
          </p>
        )}
        <p className="water-point-sign__url" dir="ltr">
          {point.pageUrl}
        </p>
      </article>
    </div>
  );
}
