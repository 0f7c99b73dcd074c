import { useEffect, useState } from "react";

/** Whether the site runs as an installed app (display-mode standalone), where the browser shows no back button. */
export function useInstalled() {
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(display-mode: standalone)");
    const update = () =>
      setInstalled(query.matches || (navigator as Navigator & { standalone?: boolean }).standalone === true);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return installed;
}
