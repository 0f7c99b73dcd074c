import type { Translate } from "~/i18n/translator";
import type { Geocode } from "../../contract/geocode";

/** The place found is kept this long on the device (docs/product.md §9: geolocation cache 1 hour). */
const cacheMs = 3600_000;
const cacheKey = "geocode";

/** The location fields of the button's form, by name. */
type PlaceField = HTMLInputElement | HTMLSelectElement;

function cached(): Geocode | null {
  try {
    const entry = JSON.parse(localStorage.getItem(cacheKey) ?? "null") as { at: number; geocode: Geocode } | null;
    return entry && Date.now() - entry.at < cacheMs ? entry.geocode : null;
  } catch {
    return null;
  }
}

function position() {
  return new Promise<GeolocationPosition>((resolve, reject) => {
    // A browser that cannot tell its position is answered like one that will not.
    if (!("geolocation" in navigator)) return reject(new Error("no geolocation"));
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: 0 });
  });
}

/** Sets a field as if the member had chosen it, so the form's state follows (conform listens to input events). */
function setFieldValue(field: PlaceField, value: string) {
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Resolves once the region list offers `code` (it follows the chosen country), or after about a second. */
async function regionOffered(region: PlaceField, code: string) {
  for (let frame = 0; frame < 60; frame++) {
    if (region.querySelector(`option[value="${CSS.escape(code)}"]`)) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * "Use my location" (docs/product.md §2.20), loaded when the member presses the button: the browser's position, the
 * place there from /geocode, and the form's country, region and city filled for the member to check and save; what
 * happened goes to the status line after the button. The position goes no further than the geocoder.
 */
export async function locatePlace(button: HTMLButtonElement, t: Translate) {
  const field = (name: string) => button.form?.elements.namedItem(name) as PlaceField;
  const status = button.nextElementSibling as HTMLElement;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = t("profileEditor.locating");
  const fields = { country: field("country"), region: field("region"), city: field("city") };
  const said = await findAndFill(fields).catch(() => "locationUnknown" as const);
  status.textContent = t(`profileEditor.${said}`);
  button.textContent = label;
  button.disabled = false;
}

async function findAndFill(
  fields: Record<"country" | "region" | "city", PlaceField>,
): Promise<"located" | "locationUnknown" | "locationDenied"> {
  let place = cached();
  if (!place) {
    let coords: GeolocationCoordinates;
    try {
      coords = (await position()).coords;
    } catch {
      return "locationDenied";
    }
    const params = new URLSearchParams({ lat: String(coords.latitude), lon: String(coords.longitude) });
    const response = await fetch(`/geocode?${params}`);
    if (!response.ok) return "locationUnknown";
    place = ((await response.json()) as { geocode: Geocode | null }).geocode;
    if (!place) return "locationUnknown";
    localStorage.setItem(cacheKey, JSON.stringify({ at: Date.now(), geocode: place }));
  }
  setFieldValue(fields.country, place.country);
  if (place.region) await regionOffered(fields.region, place.region);
  setFieldValue(fields.region, place.region ?? "");
  setFieldValue(fields.city, place.city ?? "");
  return "located";
}
