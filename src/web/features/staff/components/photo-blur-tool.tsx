import { useId, useRef, useState, type PointerEvent } from "react";
import { useRevalidator } from "react-router";
import type { GrievanceImage } from "#shared/api-types.ts";
import type { BlurRequest } from "#shared/privacy/personal-data.ts";
import { errorMessageOf } from "#web/lib/api-client.ts";
import { BusySubmitButton } from "#web/lib/busy-submit-button.tsx";
import { useT } from "#web/lib/i18n/i18n-context.tsx";
import { blurPhoto } from "../api/personal-data-api.ts";
import "./photo-blur.css";

/** The region in percent of the photo, as the four fields show it. */
type Box = { x: number; y: number; width: number; height: number };
const START: Box = { x: 35, y: 35, width: 30, height: 30 };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Blur a face or a number plate (docs/decisions/043): choose a photo, drag a rectangle over it (or type its place
 * in percent, for the keyboard), and the region is pixelated for good: the original is replaced, not kept.
 */
export function PhotoBlurTool({ grievanceId, images }: { grievanceId: string; images: GrievanceImage[] }) {
  const t = useT();
  const [chosen, setChosen] = useState<number>();
  const [done, setDone] = useState("");
  return (
    <details className="disclosure photo-blur">
      <summary>{t("Blur a face or a number plate")}</summary>
      <p className="muted">{t("The photo is replaced by the blurred one; the original is deleted.")}</p>
      <ul className="photo-blur__choices">
        {images.map((image, index) => (
          <li key={image.thumbnailUrl}>
            <button
              type="button"
              className="photo-blur__choice"
              aria-pressed={chosen === index}
              onClick={() => {
                setChosen(index);
                setDone("");
              }}
            >
              <img src={image.thumbnailUrl} alt={t("Photo {number}", { number: index + 1 })} width={96} height={72} />
            </button>
          </li>
        ))}
      </ul>
      {chosen !== undefined && images[chosen] && (
        <RegionPicker
          key={images[chosen].url}
          grievanceId={grievanceId}
          index={chosen}
          image={images[chosen]}
          onDone={() => {
            setChosen(undefined);
            setDone(t("The photo is blurred."));
          }}
        />
      )}
      <div role="status" className={done ? "alert alert--success" : undefined} data-testid="blur-done">
        {done}
      </div>
    </details>
  );
}

function RegionPicker(props: { grievanceId: string; index: number; image: GrievanceImage; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const frame = useRef<HTMLDivElement>(null);
  const dragFrom = useRef<{ x: number; y: number }>(undefined);
  const [box, setBox] = useState<Box>(START);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");

  /** The pointer's place in percent of the photo (the frame is the photo's size). */
  const percentAt = (event: PointerEvent) => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return {
      x: clamp(((event.clientX - rect.left) / rect.width) * 100, 0, 100),
      y: clamp(((event.clientY - rect.top) / rect.height) * 100, 0, 100),
    };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragFrom.current = percentAt(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = dragFrom.current;
    if (!from) return;
    const to = percentAt(event);
    const x = Math.min(from.x, to.x);
    const y = Math.min(from.y, to.y);
    setBox({ x, y, width: Math.max(1, Math.abs(to.x - from.x)), height: Math.max(1, Math.abs(to.y - from.y)) });
  };
  const onPointerUp = () => (dragFrom.current = undefined);

  const field = (name: keyof Box, label: string) => (
    <label className="photo-blur__number">
      {label}
      <input
        type="number"
        min={name === "width" || name === "height" ? 1 : 0}
        max={100}
        value={Math.round(box[name])}
        onChange={(event) => {
          const value = clamp(Number(event.target.value) || 0, 0, 100);
          setBox((current) => ({ ...current, [name]: value }));
        }}
      />
    </label>
  );

  async function apply() {
    const region: BlurRequest = {
      x: clamp(box.x, 0, 99) / 100,
      y: clamp(box.y, 0, 99) / 100,
      width: clamp(box.width, 1, 100 - box.x) / 100,
      height: clamp(box.height, 1, 100 - box.y) / 100,
    };
    setBusy(true);
    setProblem("");
    try {
      await blurPhoto(props.grievanceId, props.index, region);
      await revalidator.revalidate();
      props.onDone();
    } catch (failure) {
      setProblem(errorMessageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="photo-blur__picker">
      <p id={`${id}-how`}>{t("Drag over the part to blur, or set its place in percent of the photo.")}</p>
      <div
        ref={frame}
        className="photo-blur__frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        data-testid="blur-frame"
      >
        <img src={props.image.mediumUrl ?? props.image.url} alt="" draggable={false} />
        <div
          className="photo-blur__box"
          // The photo's own (physical) coordinates, whatever the page's direction.
          style={{ left: `${box.x}%`, top: `${box.y}%`, width: `${box.width}%`, height: `${box.height}%` }}
        />
      </div>
      <fieldset className="photo-blur__numbers" aria-describedby={`${id}-how`}>
        <legend>{t("Part to blur (percent)")}</legend>
        {field("x", t("From the left"))}
        {field("y", t("From the top"))}
        {field("width", t("Width"))}
        {field("height", t("Height"))}
      </fieldset>
      <div className="form-actions">
        <BusySubmitButton
          busy={busy}
          busyLabel={t("Saving...")}
          className="button button--danger-secondary"
          onClick={() => void apply()}
        >
          {t("Blur this part")}
        </BusySubmitButton>
      </div>
      <div role="alert" className={problem ? "alert alert--error" : undefined}>
        {problem}
      </div>
    </div>
  );
}
